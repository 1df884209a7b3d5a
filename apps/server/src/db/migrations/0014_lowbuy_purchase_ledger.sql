CREATE TABLE "meter_purchase_ledger" (
	"meter_id" text PRIMARY KEY NOT NULL,
	"folded_before" timestamp with time zone,
	"base_times" integer DEFAULT 0 NOT NULL,
	"base_units" bigint DEFAULT 0 NOT NULL,
	"base_paid_minor" bigint DEFAULT 0 NOT NULL,
	"vend_dates" timestamp with time zone[] DEFAULT '{}' NOT NULL,
	"cum_times" integer[] DEFAULT '{}' NOT NULL,
	"cum_units" bigint[] DEFAULT '{}' NOT NULL,
	"cum_paid_minor" bigint[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "meter_purchase_ledger_folded_idx" ON "meter_purchase_ledger" USING btree ("folded_before");--> statement-breakpoint
-- Adds one issued vend (or takes one back out: negative amounts) to its meter's ledger. The usual vend is
-- later than every recorded one and is appended in one UPDATE (a meter's first vend: one INSERT); anything
-- else (a cancel, a vend dated before the last, vends to fold past the 400-day horizon) locks the meter's
-- row and rebuilds its arrays from their per-instant amounts. Both lock the row, so concurrent vends for
-- one meter apply one after the other (the UPDATE re-checks its conditions on the row it waited for).
CREATE OR REPLACE FUNCTION purchase_ledger_add(p_meter text, p_at timestamptz, p_times int, p_units bigint,
  p_paid bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  l meter_purchase_ledger;
  n int;
  horizon timestamptz;
BEGIN
  IF p_times > 0 THEN
    UPDATE meter_purchase_ledger SET vend_dates = vend_dates || p_at,
        cum_times = cum_times || (coalesce(cum_times[cardinality(cum_times)], 0) + p_times),
        cum_units = cum_units || (coalesce(cum_units[cardinality(cum_units)], 0) + p_units),
        cum_paid_minor = cum_paid_minor || (coalesce(cum_paid_minor[cardinality(cum_paid_minor)], 0) + p_paid)
      WHERE meter_id = p_meter AND (folded_before IS NULL OR p_at >= folded_before)
        AND (cardinality(vend_dates) = 0
             OR (p_at > vend_dates[cardinality(vend_dates)] AND vend_dates[1] >= p_at - interval '400 days'));
    IF FOUND THEN RETURN; END IF;
    INSERT INTO meter_purchase_ledger (meter_id, vend_dates, cum_times, cum_units, cum_paid_minor)
      VALUES (p_meter, ARRAY[p_at], ARRAY[p_times], ARRAY[p_units], ARRAY[p_paid])
      ON CONFLICT (meter_id) DO NOTHING;
    IF FOUND THEN RETURN; END IF;
  END IF;
  INSERT INTO meter_purchase_ledger (meter_id) VALUES (p_meter) ON CONFLICT (meter_id) DO NOTHING;
  SELECT * INTO l FROM meter_purchase_ledger WHERE meter_id = p_meter FOR UPDATE;
  IF p_at < l.folded_before THEN
    UPDATE meter_purchase_ledger SET base_times = base_times + p_times, base_units = base_units + p_units,
        base_paid_minor = base_paid_minor + p_paid
      WHERE meter_id = p_meter;
    RETURN;
  END IF;
  n := cardinality(l.vend_dates);
  horizon := greatest(p_at, l.vend_dates[n]) - interval '400 days';
  WITH running AS (
    SELECT * FROM unnest(l.vend_dates, l.cum_times, l.cum_units, l.cum_paid_minor) AS e(at, t, u, p)
  ), amounts AS (
    SELECT r.at, r.t - coalesce(lag(r.t) OVER w, 0) AS t, r.u - coalesce(lag(r.u) OVER w, 0) AS u,
           r.p - coalesce(lag(r.p) OVER w, 0) AS p
      FROM running r WINDOW w AS (ORDER BY r.at)
    UNION ALL SELECT p_at, p_times, p_units, p_paid
  ), merged AS (
    SELECT a.at, sum(a.t)::int AS t, sum(a.u)::bigint AS u, sum(a.p)::bigint AS p
      FROM amounts a GROUP BY a.at HAVING sum(a.t) <> 0 OR sum(a.u) <> 0 OR sum(a.p) <> 0
  ), folded AS (
    SELECT count(*) AS n, coalesce(sum(m.t), 0)::int AS t, coalesce(sum(m.u), 0)::bigint AS u,
           coalesce(sum(m.p), 0)::bigint AS p
      FROM merged m WHERE m.at < horizon
  ), kept AS (
    SELECT m.at, (sum(m.t) OVER w)::int AS t, (sum(m.u) OVER w)::bigint AS u, (sum(m.p) OVER w)::bigint AS p
      FROM merged m WHERE m.at >= horizon WINDOW w AS (ORDER BY m.at)
  )
  UPDATE meter_purchase_ledger SET
      folded_before = CASE WHEN f.n > 0 THEN greatest(folded_before, horizon) ELSE folded_before END,
      base_times = base_times + f.t, base_units = base_units + f.u, base_paid_minor = base_paid_minor + f.p,
      vend_dates = coalesce((SELECT array_agg(k.at ORDER BY k.at) FROM kept k), '{}'),
      cum_times = coalesce((SELECT array_agg(k.t ORDER BY k.at) FROM kept k), '{}'),
      cum_units = coalesce((SELECT array_agg(k.u ORDER BY k.at) FROM kept k), '{}'),
      cum_paid_minor = coalesce((SELECT array_agg(k.p ORDER BY k.at) FROM kept k), '{}')
    FROM folded f
    WHERE meter_id = p_meter;
END $$;
--> statement-breakpoint
-- Insert, cancel (status 0 -> 1), re-issue and delete of a credit vend, as purchase_summary_apply (0007).
CREATE OR REPLACE FUNCTION purchase_ledger_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign int := 0;
  r token_records;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.kind = 'credit' AND NEW.status = 0 THEN sign := 1; r := NEW; END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF OLD.kind = 'credit' AND OLD.status = 0 THEN sign := -1; r := OLD; END IF;
  ELSIF NEW.kind = 'credit' THEN
    IF OLD.status = 0 AND NEW.status <> 0 THEN sign := -1; r := OLD;
    ELSIF OLD.status <> 0 AND NEW.status = 0 THEN sign := 1; r := NEW;
    END IF;
  END IF;
  IF sign <> 0 THEN
    PERFORM purchase_ledger_add(r.meter_id, r.create_date, sign, sign * coalesce(r.units, 0),
      sign * coalesce(r.total_paid_minor, 0));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER token_records_purchase_ledger AFTER INSERT OR DELETE OR UPDATE OF status ON token_records
  FOR EACH ROW EXECUTE FUNCTION purchase_ledger_apply();
--> statement-breakpoint
-- Every meter's ledger from its token records in one pass (this migration's backfill; bulk loads that
-- bypass the trigger call it too). Same horizon as the trigger: 400 days before the meter's latest vend.
CREATE OR REPLACE FUNCTION purchase_ledger_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM meter_purchase_ledger;
  INSERT INTO meter_purchase_ledger (meter_id, folded_before, base_times, base_units, base_paid_minor,
      vend_dates, cum_times, cum_units, cum_paid_minor)
  WITH amounts AS (
    SELECT meter_id, create_date AS at, count(*)::int AS t, sum(coalesce(units, 0))::bigint AS u,
           sum(coalesce(total_paid_minor, 0))::bigint AS p
      FROM token_records WHERE kind = 'credit' AND status = 0 GROUP BY meter_id, create_date
  ), placed AS (
    SELECT a.*, max(a.at) OVER (PARTITION BY a.meter_id) - interval '400 days' AS horizon FROM amounts a
  ), running AS (
    SELECT pl.*, pl.at < pl.horizon AS folded,
           (sum(CASE WHEN pl.at < pl.horizon THEN 0 ELSE pl.t END) OVER w)::int AS ct,
           (sum(CASE WHEN pl.at < pl.horizon THEN 0 ELSE pl.u END) OVER w)::bigint AS cu,
           (sum(CASE WHEN pl.at < pl.horizon THEN 0 ELSE pl.p END) OVER w)::bigint AS cp
      FROM placed pl WINDOW w AS (PARTITION BY pl.meter_id ORDER BY pl.at)
  )
  SELECT meter_id, CASE WHEN bool_or(folded) THEN min(horizon) END,
         coalesce(sum(t) FILTER (WHERE folded), 0), coalesce(sum(u) FILTER (WHERE folded), 0),
         coalesce(sum(p) FILTER (WHERE folded), 0),
         coalesce(array_agg(at ORDER BY at) FILTER (WHERE NOT folded), '{}'),
         coalesce(array_agg(ct ORDER BY at) FILTER (WHERE NOT folded), '{}'),
         coalesce(array_agg(cu ORDER BY at) FILTER (WHERE NOT folded), '{}'),
         coalesce(array_agg(cp ORDER BY at) FILTER (WHERE NOT folded), '{}')
    FROM running GROUP BY meter_id;
$$;
--> statement-breakpoint
SELECT purchase_ledger_rebuild();
--> statement-breakpoint
-- Statistics for the planner straight away (a report may run before autovacuum gets to the new table).
ANALYZE meter_purchase_ledger;
