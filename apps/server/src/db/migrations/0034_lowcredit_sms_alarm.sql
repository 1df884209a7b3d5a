ALTER TABLE "sms_messages" ADD COLUMN "alarm_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_alarm_idx" ON "sms_messages" USING btree ("alarm_id") WHERE "sms_messages"."alarm_id" is not null;
