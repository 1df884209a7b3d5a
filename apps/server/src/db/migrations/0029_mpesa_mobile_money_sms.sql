ALTER TABLE "vendors" ADD COLUMN "short_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_short_code_idx" ON "vendors" USING btree ("short_code");--> statement-breakpoint
CREATE TABLE "mobile_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"trans_id" text NOT NULL,
	"trans_type" text,
	"trans_time" text,
	"amount_minor" bigint NOT NULL,
	"short_code" text NOT NULL,
	"bill_ref" text NOT NULL,
	"msisdn" text NOT NULL,
	"payer_name" text,
	"state" text NOT NULL,
	"queue_reason" text,
	"meter_id" text,
	"token_record_id" bigint,
	"resolved_by" text,
	"resolved_date" timestamp with time zone,
	"resolution" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mobile_payments" ADD CONSTRAINT "mobile_payments_vendor_id_vendors_vendor_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("vendor_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mobile_payments_trans_idx" ON "mobile_payments" USING btree ("vendor_id","trans_id");--> statement-breakpoint
CREATE INDEX "mobile_payments_state_idx" ON "mobile_payments" USING btree ("state","create_date");--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"destination" text NOT NULL,
	"body" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"smsc_message_id" text,
	"receipt_state" text,
	"meter_id" text,
	"token_record_id" bigint,
	"sent_date" timestamp with time zone,
	"done_date" timestamp with time zone,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "sms_messages_due_idx" ON "sms_messages" USING btree ("state","next_attempt_date");--> statement-breakpoint
CREATE INDEX "sms_messages_smsc_idx" ON "sms_messages" USING btree ("smsc_message_id");--> statement-breakpoint
CREATE INDEX "sms_messages_record_idx" ON "sms_messages" USING btree ("token_record_id");--> statement-breakpoint
CREATE INDEX "sms_messages_created_idx" ON "sms_messages" USING btree ("create_date");
