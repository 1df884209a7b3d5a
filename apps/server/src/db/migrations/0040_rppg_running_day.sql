-- The running totals of one day for the whole fleet: a finding that needs every meter's totals at the
-- same day (the range's end, the day before its start) reads that day's rows as one index range and
-- joins them, instead of one probe per meter down the (meter, day) key. The totals ride in the index so
-- the range never visits the table.
CREATE INDEX IF NOT EXISTS "meter_usage_running_day_idx" ON "meter_usage_running"
  ("reading_date", "meter_id") INCLUDE ("units", "read_days", "remain1", "remain_date");
