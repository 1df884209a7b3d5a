-- Vendors' machine credentials are resolved from a cache in each server process (the vendor module's
-- credential cache), which keeps the vendor's row beside the proof that its secret was verified. A change
-- to anything but the float's balance (a rotated secret, a disabled vendor, its stations or limits), and a
-- deleted vendor, is announced on the channel vendor_credential when it commits, naming the vendor; every
-- process listens, and the one that committed hears it before its commit returns. The balance moves with
-- every sale and is read where it is used, so it is not announced.
CREATE OR REPLACE FUNCTION vendor_credential_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('vendor_credential', '*');
  ELSE
    PERFORM pg_notify('vendor_credential', OLD.vendor_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER vendors_credential_notify AFTER UPDATE OF vendor_id, vendor_name, vendor_kind, station_ids,
  client_id, terminal_id, enabled, secret_hash, secret_issued_date, credit_limit_minor, commission_bp,
  daily_limit_minor, remark OR DELETE
  ON vendors FOR EACH ROW EXECUTE FUNCTION vendor_credential_notify();
--> statement-breakpoint
-- TRUNCATE fires no row triggers: emptying the table drops every kept credential.
CREATE TRIGGER vendors_credential_truncate AFTER TRUNCATE ON vendors
  FOR EACH STATEMENT EXECUTE FUNCTION vendor_credential_notify();
--> statement-breakpoint
-- The day's sales kept on the vendor's row (checked against the daily limit under the row's lock, instead
-- of summing the day's ledger on every sale), counted from the ledger for vendors that sold today (the
-- database's day; the server keeps the utility's from the next sale on).
ALTER TABLE "vendors" ADD COLUMN "day_sold_minor" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "sold_day" date;
--> statement-breakpoint
UPDATE "vendors" v SET "sold_day" = current_date, "day_sold_minor" = s.sold
  FROM (SELECT vendor_id, sum(-amount_minor) AS sold FROM vendor_float_movements
        WHERE movement_kind IN ('sale', 'reversal') AND create_date >= current_date
        GROUP BY vendor_id) s
  WHERE s.vendor_id = v.vendor_id;
