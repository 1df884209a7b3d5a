CREATE TABLE "firmware_files" (
	"file_name" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"bytes" bytea NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"station_id" text,
	"create_id" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firmware_tasks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"meter_id" text NOT NULL,
	"file_name" text NOT NULL,
	"station_id" text NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"blocks_done" integer DEFAULT 0 NOT NULL,
	"block_count" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"remark" text,
	"create_id" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_id" text,
	"update_date" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "firmware_tasks_station_idx" ON "firmware_tasks" USING btree ("station_id","id");
--> statement-breakpoint
CREATE INDEX "firmware_tasks_meter_idx" ON "firmware_tasks" USING btree ("meter_id","id");
