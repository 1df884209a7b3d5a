CREATE TABLE "accounts" (
	"meter_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"tariff_id" text NOT NULL,
	"ct_ratio" text,
	"status" boolean DEFAULT false NOT NULL,
	"station_id" text NOT NULL,
	"remark" text,
	"create_id" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_id" text,
	"update_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"customer_name" text NOT NULL,
	"type" integer DEFAULT 0 NOT NULL,
	"phone" text,
	"address" text,
	"certifi_name" text,
	"certifi_no" text,
	"station_id" text NOT NULL,
	"remark" text,
	"create_id" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_id" text,
	"update_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "debts" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"total_debt_minor" bigint NOT NULL,
	"remaining_debt_minor" bigint NOT NULL,
	"pay_debt_minor" bigint DEFAULT 0 NOT NULL,
	"station_id" text NOT NULL,
	"remark" text,
	"create_id" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_id" text,
	"update_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gateways" (
	"gateway_id" text PRIMARY KEY NOT NULL,
	"gateway_name" text,
	"status" boolean DEFAULT false NOT NULL,
	"success_rate_bp" integer DEFAULT 0 NOT NULL,
	"station_id" text NOT NULL,
	"remark" text,
	"create_id" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_id" text,
	"update_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "images" (
	"slot" text PRIMARY KEY NOT NULL,
	"data_base64" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sha256" text NOT NULL,
	"update_id" text,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items" (
	"item_type" text NOT NULL,
	"item_name" text NOT NULL,
	"en" text,
	"ar" text,
	"es" text,
	"fr" text,
	"pt" text,
	"zh" text,
	"remark" text,
	"create_id" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_id" text,
	"update_date" timestamp with time zone,
	CONSTRAINT "items_item_type_item_name_pk" PRIMARY KEY("item_type","item_name")
);
--> statement-breakpoint
CREATE TABLE "meter_keys" (
	"meter_id" text PRIMARY KEY NOT NULL,
	"key_enc" text NOT NULL,
	"ea" text NOT NULL,
	"sgc" text NOT NULL,
	"krn" integer NOT NULL,
	"kt" integer NOT NULL,
	"ti" integer NOT NULL,
	"base_year" integer NOT NULL,
	"source" text NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meters" (
	"meter_id" text PRIMARY KEY NOT NULL,
	"type" integer DEFAULT 0 NOT NULL,
	"is_three_phase" integer DEFAULT 0 NOT NULL,
	"communication_way" integer DEFAULT 1 NOT NULL,
	"protocol_version" text,
	"lat" double precision,
	"lng" double precision,
	"status" boolean DEFAULT false NOT NULL,
	"ea" text DEFAULT '07' NOT NULL,
	"base_year" integer,
	"sgc" text,
	"krn" integer,
	"ken" integer,
	"ti" integer,
	"kt" integer,
	"base_year_new" integer,
	"sgc_new" text,
	"krn_new" integer,
	"ken_new" integer,
	"ti_new" integer,
	"kt_new" integer,
	"station_id" text NOT NULL,
	"remark" text,
	"create_id" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_id" text,
	"update_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tariffs" (
	"tariff_id" text PRIMARY KEY NOT NULL,
	"tariff_name" text NOT NULL,
	"price_minor" bigint NOT NULL,
	"tax_bp" integer DEFAULT 0 NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"monthly_charge_minor" bigint DEFAULT 0 NOT NULL,
	"billing_day" integer DEFAULT 1 NOT NULL,
	"start_time" timestamp with time zone,
	"start_time_new" timestamp with time zone,
	"price_minor_new" bigint,
	"tax_bp_new" integer,
	"steps_new" jsonb,
	"monthly_charge_minor_new" bigint,
	"billing_day_new" integer,
	"station_id" text NOT NULL,
	"remark" text,
	"create_id" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_id" text,
	"update_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vending_keys" (
	"sgc" text NOT NULL,
	"krn" integer NOT NULL,
	"dkga" text NOT NULL,
	"base_year" integer NOT NULL,
	"key_enc" text NOT NULL,
	"label" text,
	"create_id" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vending_keys_sgc_krn_pk" PRIMARY KEY("sgc","krn")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_meter_id_meters_meter_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."meters"("meter_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_tariff_id_tariffs_tariff_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("tariff_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_station_id_stations_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("station_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_station_id_stations_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("station_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debts" ADD CONSTRAINT "debts_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debts" ADD CONSTRAINT "debts_station_id_stations_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("station_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_station_id_stations_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("station_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_keys" ADD CONSTRAINT "meter_keys_meter_id_meters_meter_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."meters"("meter_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_station_id_stations_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("station_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariffs" ADD CONSTRAINT "tariffs_station_id_stations_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("station_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_station_idx" ON "accounts" USING btree ("station_id","customer_id");--> statement-breakpoint
CREATE INDEX "accounts_customer_idx" ON "accounts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "accounts_tariff_idx" ON "accounts" USING btree ("tariff_id");--> statement-breakpoint
CREATE INDEX "customers_station_idx" ON "customers" USING btree ("station_id","customer_id");--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree ("customer_name");--> statement-breakpoint
CREATE INDEX "debts_station_idx" ON "debts" USING btree ("station_id","customer_id");--> statement-breakpoint
CREATE INDEX "gateways_station_idx" ON "gateways" USING btree ("station_id","gateway_id");--> statement-breakpoint
CREATE INDEX "meters_station_idx" ON "meters" USING btree ("station_id","meter_id");--> statement-breakpoint
CREATE INDEX "meters_station_type_idx" ON "meters" USING btree ("station_id","type","meter_id");--> statement-breakpoint
CREATE INDEX "meters_type_idx" ON "meters" USING btree ("type","meter_id");--> statement-breakpoint
CREATE INDEX "meters_create_idx" ON "meters" USING btree ("create_date");--> statement-breakpoint
CREATE INDEX "tariffs_station_idx" ON "tariffs" USING btree ("station_id","tariff_id");