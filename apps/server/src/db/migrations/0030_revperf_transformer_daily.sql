-- The transformer balance compares each check meter's day with the sum of its customers' daily rows.
-- Summed on every read, that is a month of the whole fleet's rows (three million at 100,000 meters);
-- kept on write, it is one row per transformer and day. units is the sum of usage1 and read the count
-- of rows with a usage1, over the meters assigned to the transformer now: a re-collected or deleted row
-- takes its old figures back out, and a meter moved to another transformer takes its days with it.
CREATE TABLE IF NOT EXISTS "transformer_daily" (
	"transformer_id" text NOT NULL,
	"reading_date" date NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"read" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "transformer_daily_transformer_id_reading_date_pk" PRIMARY KEY("transformer_id","reading_date")
);
--> statement-breakpoint
-- Statement-level with transition tables (as consumption_daily): one upsert per transformer-day per
-- collection batch, not one per row.
CREATE OR REPLACE FUNCTION transformer_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE transformer_daily s SET units = s.units - o.units, read = s.read - o.n
      FROM (SELECT m.transformer_id, r.reading_date, coalesce(sum(r.usage1), 0) AS units, count(r.usage1) AS n
              FROM old_rows r JOIN meters m ON m.meter_id = r.meter_id
             WHERE m.transformer_id IS NOT NULL GROUP BY m.transformer_id, r.reading_date) o
      WHERE s.transformer_id = o.transformer_id AND s.reading_date = o.reading_date;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO transformer_daily AS s (transformer_id, reading_date, units, read)
      SELECT m.transformer_id, r.reading_date, coalesce(sum(r.usage1), 0), count(r.usage1)
        FROM new_rows r JOIN meters m ON m.meter_id = r.meter_id
       WHERE m.transformer_id IS NOT NULL GROUP BY m.transformer_id, r.reading_date
      ON CONFLICT (transformer_id, reading_date) DO UPDATE
        SET units = s.units + excluded.units, read = s.read + excluded.read;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER meter_daily_data_transformer_insert AFTER INSERT ON meter_daily_data
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transformer_daily_apply();
--> statement-breakpoint
CREATE TRIGGER meter_daily_data_transformer_update AFTER UPDATE ON meter_daily_data
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transformer_daily_apply();
--> statement-breakpoint
CREATE TRIGGER meter_daily_data_transformer_delete AFTER DELETE ON meter_daily_data
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transformer_daily_apply();
--> statement-breakpoint
-- TRUNCATE fires no row or statement trigger above: the summary empties with the rows.
CREATE OR REPLACE FUNCTION transformer_daily_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM transformer_daily;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER meter_daily_data_transformer_truncate AFTER TRUNCATE ON meter_daily_data
  FOR EACH STATEMENT EXECUTE FUNCTION transformer_daily_clear();
--> statement-breakpoint
-- A meter assigned, moved or removed carries its daily rows' figures between transformers (rare: master
-- data, one meter's rows each).
CREATE OR REPLACE FUNCTION transformer_daily_meter_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.transformer_id IS NOT NULL THEN
    UPDATE transformer_daily s SET units = s.units - o.units, read = s.read - o.n
      FROM (SELECT reading_date, coalesce(sum(usage1), 0) AS units, count(usage1) AS n
              FROM meter_daily_data WHERE meter_id = OLD.meter_id GROUP BY reading_date) o
      WHERE s.transformer_id = OLD.transformer_id AND s.reading_date = o.reading_date;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.transformer_id IS NOT NULL THEN
    INSERT INTO transformer_daily AS s (transformer_id, reading_date, units, read)
      SELECT NEW.transformer_id, reading_date, coalesce(sum(usage1), 0), count(usage1)
        FROM meter_daily_data WHERE meter_id = NEW.meter_id GROUP BY reading_date
      ON CONFLICT (transformer_id, reading_date) DO UPDATE
        SET units = s.units + excluded.units, read = s.read + excluded.read;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER meters_transformer_daily_insert AFTER INSERT ON meters
  FOR EACH ROW WHEN (NEW.transformer_id IS NOT NULL) EXECUTE FUNCTION transformer_daily_meter_moved();
--> statement-breakpoint
CREATE TRIGGER meters_transformer_daily_update AFTER UPDATE OF transformer_id, meter_id ON meters
  FOR EACH ROW WHEN (OLD.transformer_id IS DISTINCT FROM NEW.transformer_id OR OLD.meter_id <> NEW.meter_id)
  EXECUTE FUNCTION transformer_daily_meter_moved();
--> statement-breakpoint
CREATE TRIGGER meters_transformer_daily_delete AFTER DELETE ON meters
  FOR EACH ROW WHEN (OLD.transformer_id IS NOT NULL) EXECUTE FUNCTION transformer_daily_meter_moved();
--> statement-breakpoint
-- The summary from the rows in one pass (this migration's backfill; a bulk load with the triggers off).
CREATE OR REPLACE FUNCTION transformer_daily_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM transformer_daily;
  INSERT INTO transformer_daily (transformer_id, reading_date, units, read)
    SELECT m.transformer_id, r.reading_date, coalesce(sum(r.usage1), 0), count(r.usage1)
      FROM meter_daily_data r JOIN meters m ON m.meter_id = r.meter_id
     WHERE m.transformer_id IS NOT NULL GROUP BY m.transformer_id, r.reading_date;
$$;
--> statement-breakpoint
SELECT transformer_daily_rebuild();
--> statement-breakpoint
ANALYZE transformer_daily;
