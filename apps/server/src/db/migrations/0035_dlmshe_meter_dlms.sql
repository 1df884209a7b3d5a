ALTER TABLE "meters" ADD COLUMN "ip_address" text;--> statement-breakpoint
ALTER TABLE "meters" ADD COLUMN "ip_port" integer;--> statement-breakpoint
ALTER TABLE "meters" ADD COLUMN "dlms_client_address" integer;--> statement-breakpoint
ALTER TABLE "meters" ADD COLUMN "dlms_server_address" integer;--> statement-breakpoint
ALTER TABLE "meters" ADD COLUMN "dlms_authentication" text;--> statement-breakpoint
CREATE TABLE "meter_dlms_secrets" (
	"meter_id" text PRIMARY KEY NOT NULL REFERENCES "meters"("meter_id") ON DELETE cascade,
	"password_enc" text,
	"authentication_key_enc" text,
	"block_cipher_key_enc" text,
	"system_title" text,
	"invocation_counter" bigint DEFAULT 1 NOT NULL
);--> statement-breakpoint
ALTER TABLE "remote_tasks" ADD COLUMN "protocol" text DEFAULT 'dlt645' NOT NULL;
