CREATE TABLE "collection_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"meter_id" text NOT NULL,
	"kind" text NOT NULL,
	"period" date NOT NULL,
	"hour" integer DEFAULT -1 NOT NULL,
	"station_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"task_ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"requested_by" text DEFAULT 'scheduler' NOT NULL,
	"retry_after" timestamp with time zone,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "collection_jobs_key" ON "collection_jobs" USING btree ("meter_id","kind","period","hour");--> statement-breakpoint
CREATE INDEX "collection_jobs_status_idx" ON "collection_jobs" USING btree ("status","id");