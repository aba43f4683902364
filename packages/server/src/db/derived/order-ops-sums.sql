-- The order lines' figures that the production dashboard and the orders overview's load read (issue 27), so
-- neither reads every line's operations: kind 0, per line status, how many lines (n) and the sums of their
-- open_operations, started_operations and units_to_produce (the generated columns of order-line-figures.sql); kind 1,
-- the operations of lines in status 1-4 per operation name and operation status, how many (n) and the sum of their
-- OperationPercent (the dashboard's average).
-- Table: order_figure_sums (migration 0037). Source: order_items (siparis_durumu, operations).
-- Kept by: statement triggers on order_items appending each statement's difference (insert only: writers never wait
-- on one another's row, as order_material_needs); order_figure_sums_fold() adds the rows of each key into one (run by
-- the readers when the rows outnumber the keys). Refill: order_figure_sums_refill() (also backup.ts DERIVED_TABLES).
-- Tests: modules/orders/orders.test.ts (dashboard and load against the lines after random writes), db/derived.test.ts.
-- refill: SELECT order_figure_sums_refill();

CREATE OR REPLACE FUNCTION order_figure_rows(sign integer, status integer, ops jsonb, open_ops integer, started_ops integer, units numeric)
RETURNS TABLE (kind integer, name text, st integer, n bigint, pct numeric, o_ops bigint, s_ops bigint, u numeric)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 0, '', status, sign::bigint, 0::numeric, (sign * coalesce(open_ops, 0))::bigint, (sign * coalesce(started_ops, 0))::bigint, sign * coalesce(units, 0)
  UNION ALL
  SELECT 1, coalesce(o->>'Operation', ''), coalesce((o->>'OperationStatus')::integer, 0), sign::bigint,
    sign * coalesce((o->>'OperationPercent')::numeric, 0), 0::bigint, 0::bigint, 0::numeric
  FROM order_ops_list(CASE WHEN status BETWEEN 1 AND 4 THEN ops ELSE '[]'::jsonb END) o
$$;

CREATE OR REPLACE FUNCTION order_figure_sums_refill() RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_figure_sums;
  INSERT INTO order_figure_sums (kind, name, status, n, pct, open_ops, started_ops, units)
    SELECT f.kind, f.name, f.st, sum(f.n), sum(f.pct), sum(f.o_ops), sum(f.s_ops), sum(f.u)
    FROM order_items l CROSS JOIN LATERAL order_figure_rows(1, l.siparis_durumu, l.operations, l.open_operations, l.started_operations, l.units_to_produce) f
    GROUP BY 1, 2, 3;
$$;

CREATE OR REPLACE FUNCTION order_figure_sums_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM order_figure_sums;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO order_figure_sums (kind, name, status, n, pct, open_ops, started_ops, units)
    SELECT f.kind, f.name, f.st, sum(f.n), sum(f.pct), sum(f.o_ops), sum(f.s_ops), sum(f.u)
    FROM new_lines l CROSS JOIN LATERAL order_figure_rows(1, l.siparis_durumu, l.operations, l.open_operations, l.started_operations, l.units_to_produce) f
    GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_figure_sums (kind, name, status, n, pct, open_ops, started_ops, units)
    SELECT f.kind, f.name, f.st, sum(f.n), sum(f.pct), sum(f.o_ops), sum(f.s_ops), sum(f.u)
    FROM old_lines l CROSS JOIN LATERAL order_figure_rows(-1, l.siparis_durumu, l.operations, l.open_operations, l.started_operations, l.units_to_produce) f
    GROUP BY 1, 2, 3;
  ELSE
    WITH l AS (
      SELECT 1 AS sign, n.siparis_durumu, n.operations, n.open_operations, n.started_operations, n.units_to_produce FROM new_lines n
      WHERE NOT EXISTS (SELECT 1 FROM old_lines o WHERE o.id = n.id AND o.siparis_durumu = n.siparis_durumu AND o.operations = n.operations)
      UNION ALL
      SELECT -1, o.siparis_durumu, o.operations, o.open_operations, o.started_operations, o.units_to_produce FROM old_lines o
      WHERE NOT EXISTS (SELECT 1 FROM new_lines n WHERE o.id = n.id AND o.siparis_durumu = n.siparis_durumu AND o.operations = n.operations))
    INSERT INTO order_figure_sums (kind, name, status, n, pct, open_ops, started_ops, units)
    SELECT f.kind, f.name, f.st, sum(f.n), sum(f.pct), sum(f.o_ops), sum(f.s_ops), sum(f.u)
    FROM l CROSS JOIN LATERAL order_figure_rows(l.sign, l.siparis_durumu, l.operations, l.open_operations, l.started_operations, l.units_to_produce) f
    GROUP BY 1, 2, 3
    HAVING sum(f.n) <> 0 OR sum(f.pct) <> 0 OR sum(f.o_ops) <> 0 OR sum(f.s_ops) <> 0 OR sum(f.u) <> 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER order_figure_sums_insert AFTER INSERT ON public.order_items
  REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT
  EXECUTE FUNCTION order_figure_sums_track();

CREATE TRIGGER order_figure_sums_update AFTER UPDATE ON public.order_items
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines
  FOR EACH STATEMENT
  EXECUTE FUNCTION order_figure_sums_track();

CREATE TRIGGER order_figure_sums_delete AFTER DELETE ON public.order_items
  REFERENCING OLD TABLE AS old_lines
  FOR EACH STATEMENT
  EXECUTE FUNCTION order_figure_sums_track();

CREATE TRIGGER order_figure_sums_truncate AFTER TRUNCATE ON public.order_items
  FOR EACH STATEMENT
  EXECUTE FUNCTION order_figure_sums_track();

CREATE OR REPLACE FUNCTION order_figure_sums_fold() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE folded integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(727012) THEN RETURN 0; END IF;
  WITH gone AS (DELETE FROM order_figure_sums RETURNING kind, name, status, n, pct, open_ops, started_ops, units),
  kept AS (
    INSERT INTO order_figure_sums (kind, name, status, n, pct, open_ops, started_ops, units)
    SELECT kind, name, status, sum(n), sum(pct), sum(open_ops), sum(started_ops), sum(units) FROM gone GROUP BY 1, 2, 3
    HAVING sum(n) <> 0 OR sum(pct) <> 0 OR sum(open_ops) <> 0 OR sum(started_ops) <> 0 OR sum(units) <> 0
    RETURNING 1)
  SELECT (SELECT count(*) FROM gone) - (SELECT count(*) FROM kept) INTO folded;
  RETURN folded;
END $$;
