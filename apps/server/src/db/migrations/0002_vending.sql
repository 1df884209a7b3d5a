CREATE TABLE "meter_token_state" (
	"meter_id" text PRIMARY KEY NOT NULL,
	"last_tid" integer,
	"update_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pending_meter_keys" (
	"meter_id" text PRIMARY KEY NOT NULL,
	"key_enc" text NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"kind" text PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"receipt_id" integer NOT NULL,
	"meter_id" text NOT NULL,
	"meter_type" integer DEFAULT 0 NOT NULL,
	"customer_id" text,
	"customer_name" text,
	"customer_address" text,
	"tariff_id" text,
	"tariff_name" text,
	"station_id" text NOT NULL,
	"token" text DEFAULT '' NOT NULL,
	"tokens" jsonb,
	"tid" integer,
	"token_class" integer,
	"subclass" integer,
	"purchase_way" integer,
	"units" bigint,
	"total_paid_minor" bigint,
	"energy_minor" bigint,
	"tax_minor" bigint,
	"monthly_charge_minor" bigint,
	"pay_debt_minor" bigint,
	"remainder_minor" bigint,
	"debt_percent" integer,
	"total_debt_minor" bigint,
	"remaining_debt_minor" bigint,
	"payment_method" text,
	"value" bigint,
	"key_change" jsonb,
	"confirmed" boolean,
	"status" integer DEFAULT 0 NOT NULL,
	"cancels_id" bigint,
	"cancel_remark" text,
	"cancel_id" text,
	"cancel_date" timestamp with time zone,
	"idempotency_key" text,
	"remark" text,
	"create_id" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_id" text,
	"update_date" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "token_records_receipt_idx" ON "token_records" USING btree ("kind","receipt_id");--> statement-breakpoint
CREATE UNIQUE INDEX "token_records_meter_tid_idx" ON "token_records" USING btree ("meter_id","tid") WHERE "token_records"."tid" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "token_records_idempotency_idx" ON "token_records" USING btree ("create_id","idempotency_key") WHERE "token_records"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "token_records_kind_date_idx" ON "token_records" USING btree ("kind","create_date");--> statement-breakpoint
CREATE INDEX "token_records_station_kind_idx" ON "token_records" USING btree ("station_id","kind","create_date");--> statement-breakpoint
CREATE INDEX "token_records_meter_idx" ON "token_records" USING btree ("meter_id","kind","create_date");