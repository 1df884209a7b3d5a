-- The tamper finding reads the daily rows that flag a condition over a range of days: a few in a
-- thousand rows, so a partial index holds only those (kept small as the table grows by a fleet a day).
CREATE INDEX IF NOT EXISTS "meter_daily_data_tamper_idx" ON "meter_daily_data" USING btree ("reading_date", "meter_id") WHERE ("cover_open" OR "terminal_cover_open" OR "magnetic_interference" OR "current_reverse" OR "current_unbalance");
