-- Work in progress per operation (the production report's `by=operation`, issue 26, ADR 0048): per operation name,
-- the unfinished lines (status 1-3) with an operation of that name not finished, how many of them started one, and
-- the units still to make. order_wip_of is that rule for one line; the report sums the kept rows per name.
-- Table: order_operation_wip (migration 0034). Source: order_items (siparis_durumu, operations).
-- Kept by: statement triggers on order_items appending each statement's difference (one row per name), so concurrent
-- writers never wait on one another; order_wip_fold adds the rows of each name into one (run by the report's read).
-- Refill: order_wip_refill() (also backup.ts DERIVED_TABLES).
-- Tests: modules/reports/operations-wip.test.ts (the kept rows against the lines after random writes and folds; fails
-- with the trigger off), modules/reports/reports.test.ts (the report), db/derived.test.ts, backup/backup.test.ts.
-- refill: SELECT order_wip_refill();

-- One row per operation name of a line that is work in progress: the name (trimmed, '-' when blank), whether any open
-- operation of that name started (OperationStatus 1), the units left over its open operations (Qty − completed, not
-- below 0 each). Lines outside status 1-3 and finished operations (OperationStatus 2) give nothing.
CREATE OR REPLACE FUNCTION order_wip_of(status integer, ops jsonb) RETURNS TABLE (operation text, started boolean, units numeric)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(trim(o->>'Operation'), ''), '-'),
    bool_or(coalesce((o->>'OperationStatus')::integer, 0) = 1),
    sum(greatest(coalesce((o->>'Qty')::numeric, 0) - coalesce((o->>'OperationComplated')::numeric, 0), 0))
  FROM order_ops_list(CASE WHEN status BETWEEN 1 AND 3 THEN ops ELSE '[]'::jsonb END) o
  WHERE coalesce((o->>'OperationStatus')::integer, 0) <> 2
  GROUP BY 1
$$;

CREATE OR REPLACE FUNCTION order_wip_refill() RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_operation_wip;
  INSERT INTO order_operation_wip (operation, lines, started, units)
    SELECT w.operation, count(*), count(*) FILTER (WHERE w.started), sum(w.units)
    FROM order_items l CROSS JOIN LATERAL order_wip_of(l.siparis_durumu, l.operations) w
    WHERE l.siparis_durumu BETWEEN 1 AND 3
    GROUP BY 1;
$$;

CREATE OR REPLACE FUNCTION order_wip_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM order_operation_wip;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO order_operation_wip (operation, lines, started, units)
    SELECT w.operation, count(*), count(*) FILTER (WHERE w.started), sum(w.units)
    FROM new_lines l CROSS JOIN LATERAL order_wip_of(l.siparis_durumu, l.operations) w
    WHERE l.siparis_durumu BETWEEN 1 AND 3
    GROUP BY 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_operation_wip (operation, lines, started, units)
    SELECT w.operation, -count(*), -count(*) FILTER (WHERE w.started), -sum(w.units)
    FROM old_lines l CROSS JOIN LATERAL order_wip_of(l.siparis_durumu, l.operations) w
    WHERE l.siparis_durumu BETWEEN 1 AND 3
    GROUP BY 1;
  ELSE
    -- Only the lines whose status or operations changed, and only those that are or were work in progress.
    WITH l AS (
      SELECT n.siparis_durumu, n.operations, 1 AS sign FROM new_lines n
      WHERE n.siparis_durumu BETWEEN 1 AND 3
        AND NOT EXISTS (SELECT 1 FROM old_lines o WHERE o.id = n.id AND o.siparis_durumu = n.siparis_durumu AND o.operations = n.operations)
      UNION ALL
      SELECT o.siparis_durumu, o.operations, -1 FROM old_lines o
      WHERE o.siparis_durumu BETWEEN 1 AND 3
        AND NOT EXISTS (SELECT 1 FROM new_lines n WHERE o.id = n.id AND o.siparis_durumu = n.siparis_durumu AND o.operations = n.operations))
    INSERT INTO order_operation_wip (operation, lines, started, units)
    SELECT w.operation, sum(l.sign), coalesce(sum(l.sign) FILTER (WHERE w.started), 0), sum(l.sign * w.units)
    FROM l CROSS JOIN LATERAL order_wip_of(l.siparis_durumu, l.operations) w
    GROUP BY 1
    HAVING sum(l.sign) <> 0 OR coalesce(sum(l.sign) FILTER (WHERE w.started), 0) <> 0 OR sum(l.sign * w.units) <> 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER order_wip_insert AFTER INSERT ON public.order_items
  REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT
  EXECUTE FUNCTION order_wip_track();

CREATE TRIGGER order_wip_update AFTER UPDATE ON public.order_items
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines
  FOR EACH STATEMENT
  EXECUTE FUNCTION order_wip_track();

CREATE TRIGGER order_wip_delete AFTER DELETE ON public.order_items
  REFERENCING OLD TABLE AS old_lines
  FOR EACH STATEMENT
  EXECUTE FUNCTION order_wip_track();

CREATE TRIGGER order_wip_truncate AFTER TRUNCATE ON public.order_items
  FOR EACH STATEMENT
  EXECUTE FUNCTION order_wip_track();

-- Adds the rows of each name into one (one caller at a time; a name whose rows add up to nothing leaves no row).
-- Answers how many rows it removed.
CREATE OR REPLACE FUNCTION order_wip_fold() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE n integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(727012) THEN RETURN 0; END IF;
  WITH gone AS (DELETE FROM order_operation_wip RETURNING operation, lines, started, units),
  kept AS (
    INSERT INTO order_operation_wip (operation, lines, started, units)
    SELECT operation, sum(lines), sum(started), sum(units) FROM gone GROUP BY 1
    HAVING sum(lines) <> 0 OR sum(started) <> 0 OR sum(units) <> 0
    RETURNING 1)
  SELECT (SELECT count(*) FROM gone) - (SELECT count(*) FROM kept) INTO n;
  RETURN n;
END $$;
