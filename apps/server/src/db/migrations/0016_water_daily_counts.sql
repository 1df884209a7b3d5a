CREATE TABLE "water_daily_counts" (
	"station_id" text NOT NULL,
	"reading_date" date NOT NULL,
	"meters" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "water_daily_counts_station_id_reading_date_pk" PRIMARY KEY("station_id","reading_date")
);
--> statement-breakpoint
-- Follows every write to the water daily rows (insert, re-collect, delete), one upsert per station-day
-- per statement (transition tables), like consumption_daily (0007).
CREATE OR REPLACE FUNCTION water_daily_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE water_daily_counts c SET meters = c.meters - o.n
      FROM (SELECT station_id, reading_date, count(*) AS n FROM old_rows GROUP BY station_id, reading_date) o
      WHERE c.station_id = o.station_id AND c.reading_date = o.reading_date;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO water_daily_counts (station_id, reading_date, meters)
      SELECT station_id, reading_date, count(*) FROM new_rows GROUP BY station_id, reading_date
      ON CONFLICT (station_id, reading_date) DO UPDATE SET meters = water_daily_counts.meters + excluded.meters;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER water_daily_data_counts_insert AFTER INSERT ON water_daily_data
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION water_daily_counts_apply();
--> statement-breakpoint
CREATE TRIGGER water_daily_data_counts_update AFTER UPDATE ON water_daily_data
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION water_daily_counts_apply();
--> statement-breakpoint
CREATE TRIGGER water_daily_data_counts_delete AFTER DELETE ON water_daily_data
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION water_daily_counts_apply();
--> statement-breakpoint
INSERT INTO water_daily_counts (station_id, reading_date, meters)
  SELECT station_id, reading_date, count(*) FROM water_daily_data GROUP BY station_id, reading_date;
