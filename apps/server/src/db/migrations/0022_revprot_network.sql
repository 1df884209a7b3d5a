-- The electrical network under the meters (feeders, transformers with their check meters, each meter's
-- transformer) and the revenue-protection cases opened against suspected meters.
CREATE TABLE "feeders" (
	"feeder_id" text PRIMARY KEY NOT NULL,
	"feeder_name" text,
	"station_id" text NOT NULL,
	"remark" text,
	"create_id" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_id" text,
	"update_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "revprot_case_photos" (
	"photo_id" bigserial PRIMARY KEY NOT NULL,
	"case_id" bigint NOT NULL,
	"png" "bytea" NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revprot_cases" (
	"case_id" bigserial PRIMARY KEY NOT NULL,
	"meter_id" text NOT NULL,
	"customer_id" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"reason" text,
	"status" integer DEFAULT 0 NOT NULL,
	"assigned_to" text,
	"findings" text,
	"outcome" integer,
	"inspected_date" timestamp with time zone,
	"recovered_minor" bigint DEFAULT 0 NOT NULL,
	"closed_date" timestamp with time zone,
	"station_id" text NOT NULL,
	"remark" text,
	"create_id" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_id" text,
	"update_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "transformers" (
	"transformer_id" text PRIMARY KEY NOT NULL,
	"transformer_name" text,
	"feeder_id" text,
	"check_meter_id" text,
	"capacity_kva" integer,
	"station_id" text NOT NULL,
	"remark" text,
	"create_id" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_id" text,
	"update_date" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "meters" ADD COLUMN "transformer_id" text;--> statement-breakpoint
ALTER TABLE "feeders" ADD CONSTRAINT "feeders_station_id_stations_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("station_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revprot_case_photos" ADD CONSTRAINT "revprot_case_photos_case_id_revprot_cases_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."revprot_cases"("case_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revprot_cases" ADD CONSTRAINT "revprot_cases_station_id_stations_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("station_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transformers" ADD CONSTRAINT "transformers_feeder_id_feeders_feeder_id_fk" FOREIGN KEY ("feeder_id") REFERENCES "public"."feeders"("feeder_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transformers" ADD CONSTRAINT "transformers_station_id_stations_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("station_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feeders_station_idx" ON "feeders" USING btree ("station_id","feeder_id");--> statement-breakpoint
CREATE INDEX "revprot_case_photos_case_idx" ON "revprot_case_photos" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "revprot_cases_station_idx" ON "revprot_cases" USING btree ("station_id","status","case_id");--> statement-breakpoint
CREATE INDEX "revprot_cases_meter_idx" ON "revprot_cases" USING btree ("meter_id");--> statement-breakpoint
CREATE INDEX "transformers_station_idx" ON "transformers" USING btree ("station_id","transformer_id");--> statement-breakpoint
CREATE INDEX "transformers_feeder_idx" ON "transformers" USING btree ("feeder_id");--> statement-breakpoint
CREATE INDEX "transformers_check_meter_idx" ON "transformers" USING btree ("check_meter_id");--> statement-breakpoint
CREATE INDEX "meters_transformer_idx" ON "meters" USING btree ("transformer_id");