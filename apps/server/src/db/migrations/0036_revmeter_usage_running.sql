-- Running totals of each meter's daily rows, kept on write: for every daily row, the sum of usage1 and
-- the count of rows with one over the meter's rows up to and including that day, and the latest credit
-- (remain1) read up to then with its day. Any range of a meter's days is then two index probes (the
-- row at or before its end minus the row at or before the day before its start) instead of reading up
-- to a year of daily rows: the energy since a purchase and the credit before it (beyond credit), the
-- use before and after a tamper event, and the consumption drop that ranks suspects.
--
-- Day boundary: the totals are keyed by the daily rows' own reading_date (the meter's frozen day, which
-- carries no time zone), never by a purchase's timestamp. The one value that needs a zone (the day a
-- purchase fell on) is computed when a finding is read, in the server's zone, as before; so the kept
-- state holds nothing that a change of the server's zone would make wrong, and no zone setting exists
-- for the triggers to disagree with.
CREATE TABLE IF NOT EXISTS "meter_usage_running" (
	"meter_id" text NOT NULL,
	"reading_date" date NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"read_days" integer DEFAULT 0 NOT NULL,
	"remain1" bigint,
	"remain_date" date,
	CONSTRAINT "meter_usage_running_meter_id_reading_date_pk" PRIMARY KEY("meter_id","reading_date")
);
--> statement-breakpoint
-- Recomputes the given meters' running rows from their given first day on, from the daily rows and the
-- running row before that day. A collection batch appends a day (one row per meter); a back-dated,
-- corrected or deleted row redoes its meter's later days (at most a year's rows). Within a run of days
-- the latest credit is the first row of each group that count(remain1) opens.
CREATE OR REPLACE FUNCTION meter_usage_running_redo(ids text[], froms date[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM meter_usage_running r USING unnest(ids, froms) a(meter_id, from_day)
   WHERE r.meter_id = a.meter_id AND r.reading_date >= a.from_day;
  INSERT INTO meter_usage_running (meter_id, reading_date, units, read_days, remain1, remain_date)
  SELECT meter_id, reading_date, b_units + run_units, b_days + run_days,
         CASE WHEN grp = 0 THEN b_remain ELSE max(remain1) OVER g END,
         CASE WHEN grp = 0 THEN b_remain_date ELSE min(reading_date) OVER g END
    FROM (
      SELECT d.meter_id, d.reading_date, d.remain1, coalesce(b.units, 0) AS b_units,
             coalesce(b.read_days, 0) AS b_days, b.remain1 AS b_remain, b.remain_date AS b_remain_date,
             (sum(coalesce(d.usage1, 0)) OVER w)::bigint AS run_units, (count(d.usage1) OVER w)::int AS run_days,
             count(d.remain1) OVER w AS grp
        FROM unnest(ids, froms) a(meter_id, from_day)
        JOIN meter_daily_data d ON d.meter_id = a.meter_id AND d.reading_date >= a.from_day
         -- The batch's earliest day as one value too: the monthly partitions before it are pruned once,
         -- instead of every meter probing each month's index.
         AND d.reading_date >= (SELECT min(f) FROM unnest(froms) f)
        LEFT JOIN LATERAL (
          SELECT r.units, r.read_days, r.remain1, r.remain_date FROM meter_usage_running r
           WHERE r.meter_id = a.meter_id AND r.reading_date < a.from_day
           ORDER BY r.reading_date DESC LIMIT 1
        ) b ON true
      WINDOW w AS (PARTITION BY d.meter_id ORDER BY d.reading_date)
    ) x
  WINDOW g AS (PARTITION BY meter_id, grp);
$$;
--> statement-breakpoint
-- Statement-level with transition tables: per batch, each touched meter from its earliest touched day.
-- Two batches touching the same meter at once would each recompute from a snapshot without the other's
-- rows, so the touched meters' lock buckets (64, taken in order, held to commit) serialise them; the
-- redo's statements then see the rows the other batch committed.
CREATE OR REPLACE FUNCTION meter_usage_running_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
  froms date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(meter_id), array_agg(from_day) INTO ids, froms
      FROM (SELECT meter_id, min(reading_date) AS from_day FROM new_rows GROUP BY meter_id) a;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(meter_id), array_agg(from_day) INTO ids, froms
      FROM (SELECT meter_id, min(reading_date) AS from_day
              FROM (SELECT meter_id, reading_date FROM new_rows UNION ALL
                    SELECT meter_id, reading_date FROM old_rows) u GROUP BY meter_id) a;
  ELSE
    SELECT array_agg(meter_id), array_agg(from_day) INTO ids, froms
      FROM (SELECT meter_id, min(reading_date) AS from_day FROM old_rows GROUP BY meter_id) a;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(804735, b)
     FROM (SELECT DISTINCT hashtext(i) & 63 AS b FROM unnest(ids) i ORDER BY 1) k;
  PERFORM meter_usage_running_redo(ids, froms);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER meter_daily_data_running_insert AFTER INSERT ON meter_daily_data
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION meter_usage_running_apply();
--> statement-breakpoint
CREATE TRIGGER meter_daily_data_running_update AFTER UPDATE ON meter_daily_data
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION meter_usage_running_apply();
--> statement-breakpoint
CREATE TRIGGER meter_daily_data_running_delete AFTER DELETE ON meter_daily_data
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION meter_usage_running_apply();
--> statement-breakpoint
-- TRUNCATE fires none of the above: the totals empty with the rows.
CREATE OR REPLACE FUNCTION meter_usage_running_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM meter_usage_running;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER meter_daily_data_running_truncate AFTER TRUNCATE ON meter_daily_data
  FOR EACH STATEMENT EXECUTE FUNCTION meter_usage_running_clear();
--> statement-breakpoint
-- The totals from the rows in one pass (this migration's backfill; a bulk load with the triggers off).
CREATE OR REPLACE FUNCTION meter_usage_running_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM meter_usage_running;
  INSERT INTO meter_usage_running (meter_id, reading_date, units, read_days, remain1, remain_date)
  SELECT meter_id, reading_date, run_units, run_days,
         max(remain1) OVER g, CASE WHEN grp > 0 THEN min(reading_date) OVER g END
    FROM (
      SELECT d.meter_id, d.reading_date, d.remain1,
             (sum(coalesce(d.usage1, 0)) OVER w)::bigint AS run_units, (count(d.usage1) OVER w)::int AS run_days,
             count(d.remain1) OVER w AS grp
        FROM meter_daily_data d
      WINDOW w AS (PARTITION BY d.meter_id ORDER BY d.reading_date)
    ) x
  WINDOW g AS (PARTITION BY meter_id, grp);
$$;
--> statement-breakpoint
SELECT meter_usage_running_rebuild();
--> statement-breakpoint
ANALYZE meter_usage_running;
