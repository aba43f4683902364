-- The finished order lines per Istanbul week of their finish and lead bucket (the production report's `by=week`,
-- issue 27, ADR 0052): how many (n), how many had a promised date, how many were finished after it.
-- production_week_of is the report's rule for one line; the report sums the kept rows of each whole week of the period
-- and finds its median and 90th percentile lead a few entries into the bucket that holds the rank
-- (order_items_finished_lead_idx); the period's first and last week, when partial, are read from the lines.
-- Table: production_weeks (migration 0041). Source: order_items (siparis_durumu, bitis_tarihi, siparis_tarihi,
-- promised_date).
-- Kept by: statement triggers on order_items appending each statement's difference per (week, bucket), so concurrent
-- writers never wait on one another; production_weeks_fold() adds the rows of each key into one (run by the report's
-- read beyond 500 extra rows). Refill: production_weeks_refill() (also backup.ts DERIVED_TABLES).
-- Tests: modules/reports/production-weeks.test.ts (the report from the kept rows equal to the report computed from the
-- lines after random writes and folds, and the kept rows equal to the refill; fails with any trigger off),
-- modules/reports/reports.test.ts (the report), db/derived.test.ts, backup/backup.test.ts.
-- refill: SELECT production_weeks_refill();

-- The row a finished line (status 4 or 5 with a finish date) gives: the Monday of its Istanbul finish week, its lead
-- bucket floor(lead / 4) (lead: the days from order to finish as a double, as the report's percentiles and the index
-- read it; a division by 4 is exact, so a line of bucket b is one with lead >= 4b and < 4b + 4), whether it had a
-- promised date, whether it was finished on a later Istanbul day than promised. Other lines give nothing.
CREATE OR REPLACE FUNCTION production_week_of(status integer, finished_at timestamp with time zone, ordered_at timestamp with time zone, promised_on date)
RETURNS TABLE (week date, bucket integer, promised integer, late integer)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT date_trunc('week', (finished_at AT TIME ZONE 'Europe/Istanbul'))::date,
    floor(((extract(epoch FROM (finished_at - ordered_at)) / 86400)::double precision) / 4)::integer,
    (promised_on IS NOT NULL)::integer,
    coalesce((finished_at AT TIME ZONE 'Europe/Istanbul')::date > promised_on, false)::integer
  WHERE status IN (4, 5) AND finished_at IS NOT NULL
$$;

CREATE OR REPLACE FUNCTION production_weeks_refill() RETURNS void LANGUAGE sql AS $$
  DELETE FROM production_weeks;
  INSERT INTO production_weeks (week, bucket, n, promised, late)
    SELECT d.week, d.bucket, count(*), sum(d.promised), sum(d.late)
    FROM order_items l CROSS JOIN LATERAL production_week_of(l.siparis_durumu, l.bitis_tarihi, l.siparis_tarihi, l.promised_date) d
    WHERE l.siparis_durumu IN (4, 5) AND l.bitis_tarihi IS NOT NULL
    GROUP BY 1, 2;
$$;

CREATE OR REPLACE FUNCTION production_weeks_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM production_weeks;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO production_weeks (week, bucket, n, promised, late)
    SELECT d.week, d.bucket, count(*), sum(d.promised), sum(d.late)
    FROM new_lines l CROSS JOIN LATERAL production_week_of(l.siparis_durumu, l.bitis_tarihi, l.siparis_tarihi, l.promised_date) d
    GROUP BY 1, 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO production_weeks (week, bucket, n, promised, late)
    SELECT d.week, d.bucket, -count(*), -sum(d.promised), -sum(d.late)
    FROM old_lines l CROSS JOIN LATERAL production_week_of(l.siparis_durumu, l.bitis_tarihi, l.siparis_tarihi, l.promised_date) d
    GROUP BY 1, 2;
  ELSE
    -- Only the lines whose status, finish, order or promised date changed, and only those that are or were finished.
    WITH l AS (
      SELECT n.siparis_durumu, n.bitis_tarihi, n.siparis_tarihi, n.promised_date, 1 AS sign FROM new_lines n
      WHERE n.siparis_durumu IN (4, 5) AND n.bitis_tarihi IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM old_lines o WHERE o.id = n.id AND o.siparis_durumu = n.siparis_durumu
          AND o.bitis_tarihi IS NOT DISTINCT FROM n.bitis_tarihi AND o.siparis_tarihi = n.siparis_tarihi
          AND o.promised_date IS NOT DISTINCT FROM n.promised_date)
      UNION ALL
      SELECT o.siparis_durumu, o.bitis_tarihi, o.siparis_tarihi, o.promised_date, -1 FROM old_lines o
      WHERE o.siparis_durumu IN (4, 5) AND o.bitis_tarihi IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM new_lines n WHERE o.id = n.id AND o.siparis_durumu = n.siparis_durumu
          AND o.bitis_tarihi IS NOT DISTINCT FROM n.bitis_tarihi AND o.siparis_tarihi = n.siparis_tarihi
          AND o.promised_date IS NOT DISTINCT FROM n.promised_date))
    INSERT INTO production_weeks (week, bucket, n, promised, late)
    SELECT d.week, d.bucket, sum(l.sign), sum(l.sign * d.promised), sum(l.sign * d.late)
    FROM l CROSS JOIN LATERAL production_week_of(l.siparis_durumu, l.bitis_tarihi, l.siparis_tarihi, l.promised_date) d
    GROUP BY 1, 2
    HAVING sum(l.sign) <> 0 OR sum(l.sign * d.promised) <> 0 OR sum(l.sign * d.late) <> 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER production_weeks_insert AFTER INSERT ON public.order_items
  REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT
  EXECUTE FUNCTION production_weeks_track();

CREATE TRIGGER production_weeks_update AFTER UPDATE ON public.order_items
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines
  FOR EACH STATEMENT
  EXECUTE FUNCTION production_weeks_track();

CREATE TRIGGER production_weeks_delete AFTER DELETE ON public.order_items
  REFERENCING OLD TABLE AS old_lines
  FOR EACH STATEMENT
  EXECUTE FUNCTION production_weeks_track();

CREATE TRIGGER production_weeks_truncate AFTER TRUNCATE ON public.order_items
  FOR EACH STATEMENT
  EXECUTE FUNCTION production_weeks_track();

-- Adds the rows of each (week, bucket) into one (one caller at a time; a key whose rows add up to nothing leaves no
-- row). Answers how many rows it removed.
CREATE OR REPLACE FUNCTION production_weeks_fold() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE folded integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(727014) THEN RETURN 0; END IF;
  WITH gone AS (DELETE FROM production_weeks RETURNING week, bucket, n, promised, late),
  kept AS (
    INSERT INTO production_weeks (week, bucket, n, promised, late)
    SELECT week, bucket, sum(n), sum(promised), sum(late) FROM gone GROUP BY 1, 2
    HAVING sum(n) <> 0 OR sum(promised) <> 0 OR sum(late) <> 0
    RETURNING 1)
  SELECT (SELECT count(*) FROM gone) - (SELECT count(*) FROM kept) INTO folded;
  RETURN folded;
END $$;
