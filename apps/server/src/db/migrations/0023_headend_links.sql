-- Head-end processes sharing one database (each with a lease it renews) and which of them holds each
-- dialled-in meter's link: a meter's tasks are claimed only by the process holding its link.
CREATE TABLE "headend_processes" (
	"process_id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "headend_links" (
	"meter_id" text PRIMARY KEY NOT NULL,
	"process_id" text NOT NULL,
	"transport" text NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "headend_links" ADD CONSTRAINT "headend_links_meter_id_meters_meter_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."meters"("meter_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "headend_links_process_idx" ON "headend_links" USING btree ("process_id");
