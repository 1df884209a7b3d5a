CREATE TABLE "dlt645_items" (
	"dlt645_id" serial PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"type" integer NOT NULL,
	"flag" text NOT NULL,
	"control" text,
	"di" text,
	"password" text,
	"operator" text,
	"password_level" integer DEFAULT 2 NOT NULL,
	"data" text,
	"format" text,
	"analysis_format" text,
	"analysis_prefix" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"type_names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"remark" text,
	"create_id" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_id" text,
	"update_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "remote_task_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"outcome" text,
	"send_frame" text,
	"receive_frame" text,
	"value" text,
	"error_word" integer,
	"detail" text,
	"transport" text,
	"runner" text,
	"start_date" timestamp with time zone DEFAULT now() NOT NULL,
	"end_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "remote_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"meter_id" text NOT NULL,
	"customer_id" text,
	"customer_name" text,
	"station_id" text NOT NULL,
	"version" text,
	"flag" text,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"prefixes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"spec" jsonb,
	"request" text,
	"send_frame" text,
	"receive_frame" text,
	"data" text,
	"data_prefix" text,
	"status" integer DEFAULT 0 NOT NULL,
	"priority" integer DEFAULT 10 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"retries_left" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"reason" text,
	"remark" text,
	"create_id" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_id" text,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "remote_task_attempts" ADD CONSTRAINT "remote_task_attempts_task_id_remote_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."remote_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dlt645_items_key" ON "dlt645_items" USING btree ("version","type","flag");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_task_attempts_key" ON "remote_task_attempts" USING btree ("task_id","attempt");--> statement-breakpoint
CREATE INDEX "remote_tasks_queue_idx" ON "remote_tasks" USING btree ("priority" DESC NULLS LAST,"id") WHERE status = 0;--> statement-breakpoint
CREATE INDEX "remote_tasks_standby_meter_idx" ON "remote_tasks" USING btree ("meter_id","priority","id") WHERE status = 0;--> statement-breakpoint
CREATE INDEX "remote_tasks_running_idx" ON "remote_tasks" USING btree ("meter_id") WHERE status = 3;--> statement-breakpoint
CREATE INDEX "remote_tasks_kind_idx" ON "remote_tasks" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "remote_tasks_meter_idx" ON "remote_tasks" USING btree ("meter_id","id");