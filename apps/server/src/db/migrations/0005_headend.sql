CREATE TABLE "meter_links" (
	"meter_id" text PRIMARY KEY NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"transport" text,
	"gateway_id" text,
	"last_seen" timestamp with time zone,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gateways" ADD COLUMN "last_seen" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meters" ADD COLUMN "dev_eui" text;--> statement-breakpoint
ALTER TABLE "meter_links" ADD CONSTRAINT "meter_links_meter_id_meters_meter_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."meters"("meter_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meter_links_gateway_idx" ON "meter_links" USING btree ("gateway_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meters_dev_eui_idx" ON "meters" USING btree ("dev_eui");