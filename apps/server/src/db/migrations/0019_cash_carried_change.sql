-- Change carried forward: a sale by total paid keeps what buys less than the meter's step on the meter's
-- account and the next sale spends it first. Rows written before carry none (0), so old remainders stay
-- where they were: on their own records.
ALTER TABLE "token_records" ADD COLUMN "carried_in_minor" bigint DEFAULT 0;--> statement-breakpoint
ALTER TABLE "token_records" ADD COLUMN "carried_out_minor" bigint DEFAULT 0;--> statement-breakpoint
CREATE INDEX "token_records_carried_idx" ON "token_records" USING btree ("meter_id") WHERE "token_records"."kind" = 'credit' and "token_records"."status" = 0 and ("token_records"."carried_in_minor" <> 0 or "token_records"."carried_out_minor" <> 0);
