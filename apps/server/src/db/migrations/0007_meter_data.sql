CREATE TABLE "alarms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"meter_id" text NOT NULL,
	"station_id" text NOT NULL,
	"kind" text NOT NULL,
	"detail" text,
	"raised_date" timestamp with time zone NOT NULL,
	"reading_date" date,
	"acknowledged" boolean DEFAULT false NOT NULL,
	"ack_id" text,
	"ack_date" timestamp with time zone,
	"ack_remark" text
);
--> statement-breakpoint
CREATE TABLE "consumption_daily" (
	"station_id" text NOT NULL,
	"reading_date" date NOT NULL,
	"usage" bigint DEFAULT 0 NOT NULL,
	"meters" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "consumption_daily_station_id_reading_date_pk" PRIMARY KEY("station_id","reading_date")
);
--> statement-breakpoint
-- The frozen-register tables, built like schema-meter-data.ts's readingTable: the key (meter, reading
-- date), the owning station, the reading's own fields, then where the row came from and its stamps. The
-- daily and the monthly (settlement-day) tables of a kind share one field list. One CREATE TABLE per name
-- rather than LIKE: from PostgreSQL 18 (PGlite too) LIKE also copies the NOT NULL constraint names.
DO $$
DECLARE
  electricity text := $fields$
	"gateway_id" text,
	"usage1" bigint,
	"usage2" bigint,
	"total1" bigint,
	"total2" bigint,
	"remain1" bigint,
	"remain2" bigint,
	"interval_demand" integer,
	"power" integer,
	"voltage_a" integer,
	"voltage_b" integer,
	"voltage_c" integer,
	"current_a" integer,
	"current_b" integer,
	"current_c" integer,
	"relay_open" boolean,
	"battery_low" boolean,
	"magnetic_interference" boolean,
	"terminal_cover_open" boolean,
	"cover_open" boolean,
	"source2_activated" boolean,
	"current_reverse" boolean,
	"current_unbalance" boolean,
	"status" boolean,$fields$;
  water text := $fields$
	"total" bigint,
	"total_recharge" bigint,
	"remain" bigint,
	"valve_status" boolean,
	"valve_error" boolean,
	"magnetic_interference" boolean,
	"battery_percentage" integer,$fields$;
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES ('meter_daily_data', electricity), ('meter_monthly_data', electricity),
                                 ('water_daily_data', water), ('water_monthly_data', water)) AS v(name, fields) LOOP
    EXECUTE format($create$CREATE TABLE %I (
	"meter_id" text NOT NULL,
	"reading_date" date NOT NULL,
	"station_id" text NOT NULL,%s
	"source" text DEFAULT 'collected' NOT NULL,
	"remark" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone,
	CONSTRAINT %I PRIMARY KEY("meter_id","reading_date")
)$create$, t.name, t.fields, t.name || '_meter_id_reading_date_pk');
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TABLE "meter_hourly_data" (
	"meter_id" text NOT NULL,
	"reading_time" timestamp with time zone NOT NULL,
	"station_id" text NOT NULL,
	"total1" bigint NOT NULL,
	"remain1" bigint,
	"usage1" bigint,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meter_hourly_data_meter_id_reading_time_pk" PRIMARY KEY("meter_id","reading_time")
);
--> statement-breakpoint
CREATE TABLE "meter_last_purchase" (
	"meter_id" text PRIMARY KEY NOT NULL,
	"record_id" bigint NOT NULL,
	"purchase_date" timestamp with time zone NOT NULL,
	"units" bigint NOT NULL,
	"paid_minor" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_hourly" (
	"station_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"times" integer DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"paid_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "purchase_hourly_station_id_hour_pk" PRIMARY KEY("station_id","hour")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_open_idx" ON "alarms" USING btree ("meter_id","kind") WHERE acknowledged = false;--> statement-breakpoint
CREATE INDEX "alarms_station_idx" ON "alarms" USING btree ("station_id","acknowledged","raised_date");--> statement-breakpoint
CREATE INDEX "meter_daily_data_station_date_idx" ON "meter_daily_data" USING btree ("station_id","reading_date");--> statement-breakpoint
CREATE INDEX "meter_daily_data_date_idx" ON "meter_daily_data" USING btree ("reading_date");--> statement-breakpoint
CREATE INDEX "meter_hourly_data_station_time_idx" ON "meter_hourly_data" USING btree ("station_id","reading_time");--> statement-breakpoint
CREATE INDEX "meter_last_purchase_date_idx" ON "meter_last_purchase" USING btree ("purchase_date");--> statement-breakpoint
CREATE INDEX "meter_monthly_data_station_date_idx" ON "meter_monthly_data" USING btree ("station_id","reading_date");--> statement-breakpoint
CREATE INDEX "water_daily_data_station_date_idx" ON "water_daily_data" USING btree ("station_id","reading_date");--> statement-breakpoint
CREATE INDEX "water_monthly_data_station_date_idx" ON "water_monthly_data" USING btree ("station_id","reading_date");--> statement-breakpoint
-- Consumption per station and day follows every write to the daily rows (insert, re-collect, delete).
-- Statement-level with transition tables: one upsert per station-day per statement, not per row.
CREATE OR REPLACE FUNCTION consumption_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE consumption_daily c SET usage = c.usage - o.usage, meters = c.meters - o.n
      FROM (SELECT station_id, reading_date, sum(coalesce(usage1, 0)) AS usage, count(*) AS n
              FROM old_rows GROUP BY station_id, reading_date) o
      WHERE c.station_id = o.station_id AND c.reading_date = o.reading_date;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO consumption_daily (station_id, reading_date, usage, meters)
      SELECT station_id, reading_date, sum(coalesce(usage1, 0)), count(*)
        FROM new_rows GROUP BY station_id, reading_date
      ON CONFLICT (station_id, reading_date) DO UPDATE
        SET usage = consumption_daily.usage + excluded.usage, meters = consumption_daily.meters + excluded.meters;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER meter_daily_data_consumption_insert AFTER INSERT ON meter_daily_data
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION consumption_daily_apply();
--> statement-breakpoint
CREATE TRIGGER meter_daily_data_consumption_update AFTER UPDATE ON meter_daily_data
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION consumption_daily_apply();
--> statement-breakpoint
CREATE TRIGGER meter_daily_data_consumption_delete AFTER DELETE ON meter_daily_data
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION consumption_daily_apply();
--> statement-breakpoint
-- Issued credit vends per station and UTC hour, and each meter's last one; a cancel (status 0 -> 1)
-- takes the vend back out of its original hour.
CREATE OR REPLACE FUNCTION purchase_summary_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign int := 0;
  r token_records;
BEGIN
  IF NEW.kind <> 'credit' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW.status = 0 THEN sign := 1; r := NEW; END IF;
  ELSIF OLD.status = 0 AND NEW.status <> 0 THEN sign := -1; r := OLD;
  ELSIF OLD.status <> 0 AND NEW.status = 0 THEN sign := 1; r := NEW;
  END IF;
  IF sign = 0 THEN RETURN NULL; END IF;
  INSERT INTO purchase_hourly (station_id, hour, times, units, paid_minor)
    VALUES (r.station_id, date_trunc('hour', r.create_date AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', sign,
            sign * coalesce(r.units, 0), sign * coalesce(r.total_paid_minor, 0))
    ON CONFLICT (station_id, hour) DO UPDATE
      SET times = purchase_hourly.times + excluded.times, units = purchase_hourly.units + excluded.units,
          paid_minor = purchase_hourly.paid_minor + excluded.paid_minor;
  IF sign = 1 THEN
    -- A new issued vend is the meter's last purchase unless a later one is already recorded.
    INSERT INTO meter_last_purchase (meter_id, record_id, purchase_date, units, paid_minor)
      VALUES (r.meter_id, r.id, r.create_date, coalesce(r.units, 0), coalesce(r.total_paid_minor, 0))
      ON CONFLICT (meter_id) DO UPDATE
        SET record_id = excluded.record_id, purchase_date = excluded.purchase_date, units = excluded.units,
            paid_minor = excluded.paid_minor
        WHERE (excluded.purchase_date, excluded.record_id)
          >= (meter_last_purchase.purchase_date, meter_last_purchase.record_id);
  ELSE
    -- A cancel: the last purchase is whichever issued vend is now the latest.
    DELETE FROM meter_last_purchase WHERE meter_id = r.meter_id;
    INSERT INTO meter_last_purchase (meter_id, record_id, purchase_date, units, paid_minor)
      SELECT meter_id, id, create_date, coalesce(units, 0), coalesce(total_paid_minor, 0) FROM token_records
        WHERE meter_id = r.meter_id AND kind = 'credit' AND status = 0
        ORDER BY create_date DESC, id DESC LIMIT 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER token_records_purchase_summary AFTER INSERT OR UPDATE OF status ON token_records
  FOR EACH ROW EXECUTE FUNCTION purchase_summary_apply();
--> statement-breakpoint
-- Vends issued before this migration.
INSERT INTO purchase_hourly (station_id, hour, times, units, paid_minor)
  SELECT station_id, date_trunc('hour', create_date AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*),
         sum(coalesce(units, 0)), sum(coalesce(total_paid_minor, 0))
    FROM token_records WHERE kind = 'credit' AND status = 0 GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO meter_last_purchase (meter_id, record_id, purchase_date, units, paid_minor)
  SELECT DISTINCT ON (meter_id) meter_id, id, create_date, coalesce(units, 0), coalesce(total_paid_minor, 0)
    FROM token_records WHERE kind = 'credit' AND status = 0 ORDER BY meter_id, create_date DESC, id DESC;
