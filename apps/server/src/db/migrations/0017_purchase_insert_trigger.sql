-- One trigger for an issued credit vend's insert (issue 16). Each vend used to run two row triggers
-- (purchase_summary_apply, 0007; purchase_ledger_apply, 0014), and the ledger's one called
-- purchase_ledger_add through PERFORM: about 0.2 ms of the database's 0.7 ms per vend, a third of it
-- trigger and call overhead (pg_stat_statements with track=all: the PERFORM 0.070 ms around its UPDATE's
-- 0.036 ms). Inserts now fire only this trigger, and only for what changes a summary (an issued credit);
-- it makes the same three changes: the station's hour, the meter's last purchase, and the meter's ledger,
-- appended in place when the vend is later than every recorded one (purchase_ledger_add's usual case,
-- the same UPDATE), else through purchase_ledger_add. Cancels, re-issues and deletes keep their triggers.
CREATE OR REPLACE FUNCTION purchase_insert_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO purchase_hourly (station_id, hour, times, units, paid_minor)
    VALUES (NEW.station_id, date_trunc('hour', NEW.create_date AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', 1,
            coalesce(NEW.units, 0), coalesce(NEW.total_paid_minor, 0))
    ON CONFLICT (station_id, hour) DO UPDATE
      SET times = purchase_hourly.times + excluded.times, units = purchase_hourly.units + excluded.units,
          paid_minor = purchase_hourly.paid_minor + excluded.paid_minor;
  INSERT INTO meter_last_purchase (meter_id, record_id, purchase_date, units, paid_minor)
    VALUES (NEW.meter_id, NEW.id, NEW.create_date, coalesce(NEW.units, 0), coalesce(NEW.total_paid_minor, 0))
    ON CONFLICT (meter_id) DO UPDATE
      SET record_id = excluded.record_id, purchase_date = excluded.purchase_date, units = excluded.units,
          paid_minor = excluded.paid_minor
      WHERE (excluded.purchase_date, excluded.record_id)
        >= (meter_last_purchase.purchase_date, meter_last_purchase.record_id);
  UPDATE meter_purchase_ledger SET vend_dates = vend_dates || NEW.create_date,
      cum_times = cum_times || (coalesce(cum_times[cardinality(cum_times)], 0) + 1),
      cum_units = cum_units || (coalesce(cum_units[cardinality(cum_units)], 0) + coalesce(NEW.units, 0)),
      cum_paid_minor = cum_paid_minor
        || (coalesce(cum_paid_minor[cardinality(cum_paid_minor)], 0) + coalesce(NEW.total_paid_minor, 0))
    WHERE meter_id = NEW.meter_id AND (folded_before IS NULL OR NEW.create_date >= folded_before)
      AND (cardinality(vend_dates) = 0
           OR (NEW.create_date > vend_dates[cardinality(vend_dates)]
               AND vend_dates[1] >= NEW.create_date - interval '400 days'));
  IF NOT FOUND THEN
    PERFORM purchase_ledger_add(NEW.meter_id, NEW.create_date, 1, coalesce(NEW.units, 0),
      coalesce(NEW.total_paid_minor, 0));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER token_records_purchase_summary ON token_records;
--> statement-breakpoint
CREATE TRIGGER token_records_purchase_summary AFTER UPDATE OF status ON token_records
  FOR EACH ROW EXECUTE FUNCTION purchase_summary_apply();
--> statement-breakpoint
DROP TRIGGER token_records_purchase_ledger ON token_records;
--> statement-breakpoint
CREATE TRIGGER token_records_purchase_ledger AFTER DELETE OR UPDATE OF status ON token_records
  FOR EACH ROW EXECUTE FUNCTION purchase_ledger_apply();
--> statement-breakpoint
CREATE TRIGGER token_records_purchase_insert AFTER INSERT ON token_records
  FOR EACH ROW WHEN (NEW.kind = 'credit' AND NEW.status = 0) EXECUTE FUNCTION purchase_insert_apply();
