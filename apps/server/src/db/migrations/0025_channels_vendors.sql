CREATE TABLE "channel_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"message_id" text NOT NULL,
	"kind" text NOT NULL,
	"meter_id" text NOT NULL,
	"token_record_id" bigint,
	"amount_minor" bigint,
	"state" text,
	"confirmation_id" text,
	"reversal_id" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vendor_float_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"movement_kind" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"balance_after_minor" bigint NOT NULL,
	"commission_minor" bigint DEFAULT 0 NOT NULL,
	"message_id" text,
	"token_record_id" bigint,
	"remark" text,
	"create_id" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"vendor_id" text PRIMARY KEY NOT NULL,
	"vendor_name" text NOT NULL,
	"vendor_kind" text NOT NULL,
	"station_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"client_id" text NOT NULL,
	"terminal_id" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"secret_hash" text,
	"secret_issued_date" timestamp with time zone,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"credit_limit_minor" bigint DEFAULT 0 NOT NULL,
	"commission_bp" integer DEFAULT 0 NOT NULL,
	"daily_limit_minor" bigint,
	"remark" text,
	"create_id" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_id" text,
	"update_date" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "channel_messages" ADD CONSTRAINT "channel_messages_vendor_id_vendors_vendor_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("vendor_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_float_movements" ADD CONSTRAINT "vendor_float_movements_vendor_id_vendors_vendor_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("vendor_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_messages_vendor_message_idx" ON "channel_messages" USING btree ("vendor_id","message_id");--> statement-breakpoint
CREATE INDEX "channel_messages_meter_idx" ON "channel_messages" USING btree ("meter_id","create_date");--> statement-breakpoint
CREATE INDEX "vendor_float_movements_vendor_idx" ON "vendor_float_movements" USING btree ("vendor_id","create_date");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_client_idx" ON "vendors" USING btree ("client_id");