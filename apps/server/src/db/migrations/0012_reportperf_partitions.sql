-- Monthly partitions of the interval tables (daily and hourly electricity, daily water) on PostgreSQL.
-- A year of daily rows for 100,000 meters is 36.5M rows: a month per partition keeps each index a
-- twelfth of the size, lets a date-bounded read touch only its months, and lets old months be detached
-- and archived without a long DELETE. Keys and queries are unchanged (every key ends with the date).
--
-- PGlite (the embedded engine for small utilities, one process, ≤ ~10,000 meters) keeps plain tables.
-- Reports bench, 10,000 meters × 365 days, p50 plain vs partitioned (BENCH_PGLITE_PARTITIONS=1): no
-- report was faster partitioned; a meter's month of daily rows 40 vs 89 ms, its year 22 vs 55 ms,
-- Monthly Data 42 vs 86 ms, Low Purchase 114 vs 154 ms. Both runs shared a loaded 2-core machine (the
-- partitioned one under more load), so the gap is not all partitions, but nothing argued for them:
-- 3.65M rows need no archiving by month, and every unbounded read plans one scan per partition.
-- The same migration runs on both engines; the branch is on version().
--
-- interval_partition_month(table, month) creates one month's partition (moving any rows of that month
-- out of the default partition first); the writer calls it for each month it writes, so partitions
-- follow the data. On a plain table it does nothing.
CREATE OR REPLACE FUNCTION interval_partition_month(parent text, month date) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  part text := parent || '_' || to_char(month, 'YYYYMM');
  col text := CASE WHEN parent = 'meter_hourly_data' THEN 'reading_time' ELSE 'reading_date' END;
  lo text;
  hi text;
BEGIN
  IF (SELECT relkind FROM pg_class WHERE oid = to_regclass(parent)) IS DISTINCT FROM 'p' THEN RETURN; END IF;
  IF to_regclass(part) IS NOT NULL THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(727002);
  IF to_regclass(part) IS NOT NULL THEN RETURN; END IF;
  IF col = 'reading_time' THEN
    lo := quote_literal(to_char(month, 'YYYY-MM-DD') || ' 00:00:00+00');
    hi := quote_literal(to_char(month + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00+00');
  ELSE
    lo := quote_literal(to_char(month, 'YYYY-MM-DD'));
    hi := quote_literal(to_char(month + interval '1 month', 'YYYY-MM-DD'));
  END IF;
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS)', part, parent);
  -- Rows of that month that arrived before the partition existed (they sit in the default partition).
  EXECUTE format('WITH moved AS (DELETE FROM %I WHERE %I >= %s AND %I < %s RETURNING *) INSERT INTO %I SELECT * FROM moved',
    parent || '_default', col, lo, col, hi, part);
  EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%s) TO (%s)', parent, part, lo, hi);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION interval_partition_convert(parent text, col text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  first date;
  m date;
BEGIN
  EXECUTE format('ALTER TABLE %I RENAME TO %I', parent, parent || '_unpartitioned');
  -- Free the key and index names for the partitioned table.
  EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', parent || '_unpartitioned',
    CASE WHEN col = 'reading_time' THEN parent || '_meter_id_reading_time_pk' ELSE parent || '_meter_id_reading_date_pk' END);
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS) PARTITION BY RANGE (%I)',
    parent, parent || '_unpartitioned', col);
  EXECUTE format('CREATE TABLE %I PARTITION OF %I DEFAULT', parent || '_default', parent);
  EXECUTE format('SELECT least(date_trunc(''month'', min(%I))::date, (date_trunc(''month'', now()) - interval ''25 months'')::date) FROM %I',
    col, parent || '_unpartitioned') INTO first;
  m := first;
  WHILE m <= (date_trunc('month', now()) + interval '12 months')::date LOOP
    PERFORM interval_partition_month(parent, m);
    m := (m + interval '1 month')::date;
  END LOOP;
  EXECUTE format('INSERT INTO %I SELECT * FROM %I', parent, parent || '_unpartitioned');
  EXECUTE format('DROP TABLE %I', parent || '_unpartitioned');
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF version() LIKE '%PGlite%' THEN RETURN; END IF;
  PERFORM interval_partition_convert('meter_daily_data', 'reading_date');
  ALTER TABLE meter_daily_data ADD CONSTRAINT meter_daily_data_meter_id_reading_date_pk PRIMARY KEY (meter_id, reading_date);
  DROP INDEX IF EXISTS meter_daily_data_station_date_idx;
  DROP INDEX IF EXISTS meter_daily_data_date_idx;
  CREATE INDEX meter_daily_data_station_date_idx ON meter_daily_data (station_id, reading_date);
  CREATE INDEX meter_daily_data_date_idx ON meter_daily_data (reading_date);
  -- The consumption summary's statement triggers (0007) went with the old table; the copy above ran
  -- before they were recreated, so the summary, already exact, is not counted twice.
  CREATE TRIGGER meter_daily_data_consumption_insert AFTER INSERT ON meter_daily_data
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION consumption_daily_apply();
  CREATE TRIGGER meter_daily_data_consumption_update AFTER UPDATE ON meter_daily_data
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION consumption_daily_apply();
  CREATE TRIGGER meter_daily_data_consumption_delete AFTER DELETE ON meter_daily_data
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION consumption_daily_apply();

  PERFORM interval_partition_convert('water_daily_data', 'reading_date');
  ALTER TABLE water_daily_data ADD CONSTRAINT water_daily_data_meter_id_reading_date_pk PRIMARY KEY (meter_id, reading_date);
  DROP INDEX IF EXISTS water_daily_data_station_date_idx;
  CREATE INDEX water_daily_data_station_date_idx ON water_daily_data (station_id, reading_date);

  PERFORM interval_partition_convert('meter_hourly_data', 'reading_time');
  ALTER TABLE meter_hourly_data ADD CONSTRAINT meter_hourly_data_meter_id_reading_time_pk PRIMARY KEY (meter_id, reading_time);
  DROP INDEX IF EXISTS meter_hourly_data_station_time_idx;
  CREATE INDEX meter_hourly_data_station_time_idx ON meter_hourly_data (station_id, reading_time);
END $$;
--> statement-breakpoint
-- Issued credit vends by date with what the reports sum (Low Purchase, the dashboard's buyers per day,
-- the payments feed): an index-only scan of a range instead of a heap visit per vend. Hand-written
-- (drizzle's index builder has no INCLUDE); partial, so cancelled vends and other token kinds are not in it.
CREATE INDEX IF NOT EXISTS token_records_issued_credit_date_idx ON token_records (create_date)
  INCLUDE (meter_id, station_id, units, total_paid_minor) WHERE kind = 'credit' AND status = 0;
--> statement-breakpoint
-- Debt Situation: each customer's issued vends that recovered debt (count and last date).
CREATE INDEX IF NOT EXISTS token_records_debt_payment_idx ON token_records (customer_id, create_date)
  WHERE kind = 'credit' AND status = 0 AND pay_debt_minor > 0;
