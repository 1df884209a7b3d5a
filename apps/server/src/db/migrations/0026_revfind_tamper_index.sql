-- The tamper finding reads the daily rows that flag a condition over a range of days: a few in a
-- thousand rows, so a partial index holds only those (kept small as the table grows by a fleet a day).
CREATE INDEX IF NOT EXISTS "meter_daily_data_tamper_idx" ON "meter_daily_data" USING btree ("reading_date", "meter_id") WHERE ("cover_open" OR "terminal_cover_open" OR "magnetic_interference" OR "current_reverse" OR "current_unbalance");
--> statement-breakpoint
-- The purchase findings read each account's last issued credit vend up to a day: one probe per meter.
CREATE INDEX IF NOT EXISTS "token_records_meter_credit_idx" ON "token_records" USING btree ("meter_id", "create_date") WHERE "kind" = 'credit' AND "status" = 0;
