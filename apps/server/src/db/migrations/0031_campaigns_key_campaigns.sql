CREATE TABLE "key_campaigns" (
	"campaign_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"station_id" text,
	"selection" jsonb NOT NULL,
	"target" jsonb NOT NULL,
	"create_id" text NOT NULL,
	"create_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "key_campaign_meters" (
	"campaign_id" integer NOT NULL REFERENCES "key_campaigns"("campaign_id"),
	"meter_id" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"receipt_id" integer,
	"error" text,
	"update_date" timestamp with time zone,
	CONSTRAINT "key_campaign_meters_campaign_id_meter_id_pk" PRIMARY KEY("campaign_id","meter_id")
);
--> statement-breakpoint
CREATE INDEX "key_campaign_meters_state" ON "key_campaign_meters" USING btree ("campaign_id","state");
