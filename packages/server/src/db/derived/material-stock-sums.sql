-- The materials per category and unit for the stock report (issue 27, ADR 0057): how many have stock (n), their stock,
-- their value in parts, and how many are below their minimum (below). The value at today's rates is
-- avg_value + usd_price × usd + eur_price × eur + try_value: a material with a moving-average cost (material_costs)
-- counts stock × that cost, one without counts stock × its price in its currency ('$', '€', anything else lira), so
-- the bulletin's rate multiplies a sum once (numeric: exactly the sum of each material's value). The stock report's
-- `view=category` reads these sums; `view=below` and `view=slow` read their totals here (below, and n minus the
-- materials moved in the period) and their pages from materials' own indexes.
-- material_stock_of is the report's rule for one material.
-- Table: material_stock_sums (migration 0044). Source: materials (stock_sum, min_stock, material_price, material_doviz,
-- material_category, material_unit), material_costs (avg_cost).
-- Kept by: statement triggers on materials and material_costs appending each statement's difference per (category,
-- unit), so concurrent movements never wait on one another; a material's value is computed with the current row of
-- the other table, so the differences of the two tables add up whatever order a transaction writes them in. A deleted
-- material's cost row is deleted first by a BEFORE DELETE row trigger (its cascade would come after the material is
-- gone). material_stock_sums_fold() adds the rows of each key into one (run by the report's read beyond 500 extra
-- rows). Refill: material_stock_sums_refill() (also backup.ts DERIVED_TABLES, and a truncate of material_costs).
-- Tests: modules/reports/material-stock-sums.test.ts (the report from the kept rows equal to the report computed from
-- the materials after random writes and folds; the refill equal to the kept rows; fails with any trigger off),
-- modules/reports/reports.test.ts, db/derived.test.ts, backup/backup.test.ts.
-- refill: SELECT material_stock_sums_refill();

-- What one material gives: nothing unless it has stock or is below its minimum.
CREATE OR REPLACE FUNCTION material_stock_of(qty numeric, least_qty numeric, price numeric, currency text, avg numeric)
RETURNS TABLE (n integer, stock numeric, avg_value numeric, usd_price numeric, eur_price numeric, try_value numeric, below integer)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (qty > 0)::integer,
    CASE WHEN qty > 0 THEN qty ELSE 0 END,
    CASE WHEN qty > 0 AND avg IS NOT NULL THEN qty * avg ELSE 0 END,
    CASE WHEN qty > 0 AND avg IS NULL AND currency = '$' THEN coalesce(qty * price, 0) ELSE 0 END,
    CASE WHEN qty > 0 AND avg IS NULL AND currency = '€' THEN coalesce(qty * price, 0) ELSE 0 END,
    CASE WHEN qty > 0 AND avg IS NULL AND currency IS DISTINCT FROM '$' AND currency IS DISTINCT FROM '€' THEN coalesce(qty * price, 0) ELSE 0 END,
    (least_qty IS NOT NULL AND qty < least_qty)::integer
  WHERE qty > 0 OR (least_qty IS NOT NULL AND qty < least_qty)
$$;

CREATE OR REPLACE FUNCTION material_stock_sums_refill() RETURNS void LANGUAGE sql AS $$
  DELETE FROM material_stock_sums;
  INSERT INTO material_stock_sums (category, unit, n, stock, avg_value, usd_price, eur_price, try_value, below)
    SELECT m.material_category, m.material_unit, sum(d.n), sum(d.stock), sum(d.avg_value), sum(d.usd_price), sum(d.eur_price), sum(d.try_value), sum(d.below)
    FROM materials m LEFT JOIN material_costs c ON c.stock_id = m.id
    CROSS JOIN LATERAL material_stock_of(m.stock_sum, m.min_stock, m.material_price, m.material_doviz, c.avg_cost) d
    WHERE m.stock_sum > 0 OR m.stock_sum < m.min_stock
    GROUP BY 1, 2;
$$;

-- Appends a difference per (category, unit): `diff` holds rows [sign, category, unit, stock, minimum, price, currency,
-- cost] (a jsonb array, as order_open_days_track passes its rows; numbers stay numeric), each material valued by
-- material_stock_of as it was (sign -1) or is (sign 1). The one statement every trigger branch below ends in
-- (PL/pgSQL, not SQL: its plan is kept between calls, and every stock movement runs it).
CREATE OR REPLACE FUNCTION material_stock_sums_append(diff jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO material_stock_sums (category, unit, n, stock, avg_value, usd_price, eur_price, try_value, below)
  SELECT e->>1, e->>2, sum(s.sign * d.n), sum(s.sign * d.stock), sum(s.sign * d.avg_value), sum(s.sign * d.usd_price),
    sum(s.sign * d.eur_price), sum(s.sign * d.try_value), sum(s.sign * d.below)
  FROM jsonb_array_elements(diff) e
    CROSS JOIN LATERAL (SELECT (e->>0)::integer AS sign) s
    CROSS JOIN LATERAL material_stock_of((e->>3)::numeric, (e->>4)::numeric, (e->>5)::numeric, e->>6, (e->>7)::numeric) d
  GROUP BY 1, 2
  HAVING sum(s.sign * d.n) <> 0 OR sum(s.sign * d.stock) <> 0 OR sum(s.sign * d.avg_value) <> 0 OR sum(s.sign * d.usd_price) <> 0
    OR sum(s.sign * d.eur_price) <> 0 OR sum(s.sign * d.try_value) <> 0 OR sum(s.sign * d.below) <> 0;
END $$;

-- Appends a statement's difference per (category, unit). A material counts with its current cost row; a cost row with
-- its material as it is now. Each branch only says which materials, valued how; material_stock_sums_append sums them.
CREATE OR REPLACE FUNCTION material_stock_sums_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  diff jsonb;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    -- (Of material_costs: a truncate of materials truncates it too, its foreign key, so this covers both.)
    PERFORM material_stock_sums_refill();
    RETURN NULL;
  ELSIF TG_TABLE_NAME = 'materials' AND TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_array(1, m.material_category, m.material_unit, m.stock_sum, m.min_stock, m.material_price, m.material_doviz, c.avg_cost)) INTO diff
    FROM new_rows m LEFT JOIN material_costs c ON c.stock_id = m.id;
  ELSIF TG_TABLE_NAME = 'materials' AND TG_OP = 'DELETE' THEN
    -- (A deleted material's cost row is gone already: material_stock_sums_unlink.)
    SELECT jsonb_agg(jsonb_build_array(-1, m.material_category, m.material_unit, m.stock_sum, m.min_stock, m.material_price, m.material_doviz, c.avg_cost)) INTO diff
    FROM old_rows m LEFT JOIN material_costs c ON c.stock_id = m.id;
  ELSIF TG_TABLE_NAME = 'materials' THEN
    -- Only the materials whose stock, minimum, price, currency, category or unit changed: as they were out, as they are in.
    SELECT jsonb_agg(jsonb_build_array(v.sign, v.category, v.unit, v.qty, v.least_qty, v.price, v.currency, c.avg_cost)) INTO diff
    FROM old_rows o JOIN new_rows m ON m.id = o.id LEFT JOIN material_costs c ON c.stock_id = m.id
      CROSS JOIN LATERAL (VALUES (-1, o.material_category, o.material_unit, o.stock_sum, o.min_stock, o.material_price, o.material_doviz),
        (1, m.material_category, m.material_unit, m.stock_sum, m.min_stock, m.material_price, m.material_doviz)) v(sign, category, unit, qty, least_qty, price, currency)
    WHERE (o.stock_sum, o.min_stock, o.material_price, o.material_doviz, o.material_category, o.material_unit)
      IS DISTINCT FROM (m.stock_sum, m.min_stock, m.material_price, m.material_doviz, m.material_category, m.material_unit);
  ELSIF TG_OP = 'INSERT' THEN
    -- Cost rows added: their materials, as they are now, valued at their price out and at the cost in.
    SELECT jsonb_agg(jsonb_build_array(v.sign, m.material_category, m.material_unit, m.stock_sum, m.min_stock, m.material_price, m.material_doviz, v.cost)) INTO diff
    FROM new_rows c JOIN materials m ON m.id = c.stock_id
      CROSS JOIN LATERAL (VALUES (-1, NULL::numeric), (1, c.avg_cost)) v(sign, cost)
    WHERE m.stock_sum > 0;
  ELSE
    -- Cost rows removed: their materials, as they are now, valued at the cost out and at their price in.
    SELECT jsonb_agg(jsonb_build_array(v.sign, m.material_category, m.material_unit, m.stock_sum, m.min_stock, m.material_price, m.material_doviz, v.cost)) INTO diff
    FROM old_rows c JOIN materials m ON m.id = c.stock_id
      CROSS JOIN LATERAL (VALUES (-1, c.avg_cost), (1, NULL::numeric)) v(sign, cost)
    WHERE m.stock_sum > 0;
  END IF;
  IF diff IS NOT NULL THEN
    PERFORM material_stock_sums_append(diff);
  END IF;
  RETURN NULL;
END $$;

-- The same for an update of cost rows: their materials, as they are now, valued at the old cost out and the new in.
CREATE OR REPLACE FUNCTION material_stock_sums_track_cost() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  diff jsonb;
BEGIN
  SELECT jsonb_agg(jsonb_build_array(v.sign, m.material_category, m.material_unit, m.stock_sum, m.min_stock, m.material_price, m.material_doviz, v.cost)) INTO diff
  FROM old_rows o JOIN new_rows n ON n.stock_id = o.stock_id JOIN materials m ON m.id = n.stock_id
    CROSS JOIN LATERAL (VALUES (-1, o.avg_cost), (1, n.avg_cost)) v(sign, cost)
  WHERE m.stock_sum > 0 AND o.avg_cost IS DISTINCT FROM n.avg_cost;
  IF diff IS NOT NULL THEN
    PERFORM material_stock_sums_append(diff);
  END IF;
  RETURN NULL;
END $$;

-- Before a material is deleted, its cost row: so the cost's trigger still sees the material (a cascade comes after).
CREATE OR REPLACE FUNCTION material_stock_sums_unlink() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM material_costs WHERE stock_id = old.id;
  RETURN old;
END $$;

CREATE TRIGGER material_stock_sums_unlink BEFORE DELETE ON public.materials
  FOR EACH ROW
  EXECUTE FUNCTION material_stock_sums_unlink();

CREATE TRIGGER material_stock_sums_insert AFTER INSERT ON public.materials
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION material_stock_sums_track();

CREATE TRIGGER material_stock_sums_update AFTER UPDATE ON public.materials
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION material_stock_sums_track();

CREATE TRIGGER material_stock_sums_delete AFTER DELETE ON public.materials
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION material_stock_sums_track();

CREATE TRIGGER material_stock_sums_cost_insert AFTER INSERT ON public.material_costs
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION material_stock_sums_track();

CREATE TRIGGER material_stock_sums_cost_update AFTER UPDATE ON public.material_costs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION material_stock_sums_track_cost();

CREATE TRIGGER material_stock_sums_cost_delete AFTER DELETE ON public.material_costs
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION material_stock_sums_track();

CREATE TRIGGER material_stock_sums_cost_truncate AFTER TRUNCATE ON public.material_costs
  FOR EACH STATEMENT
  EXECUTE FUNCTION material_stock_sums_track();

-- Adds the rows of each (category, unit) into one (one caller at a time; a key whose rows add up to nothing leaves no
-- row). Answers how many rows it removed.
CREATE OR REPLACE FUNCTION material_stock_sums_fold() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE folded integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(727057) THEN RETURN 0; END IF;
  WITH gone AS (DELETE FROM material_stock_sums RETURNING category, unit, n, stock, avg_value, usd_price, eur_price, try_value, below),
  kept AS (
    INSERT INTO material_stock_sums (category, unit, n, stock, avg_value, usd_price, eur_price, try_value, below)
    SELECT category, unit, sum(n), sum(stock), sum(avg_value), sum(usd_price), sum(eur_price), sum(try_value), sum(below) FROM gone GROUP BY 1, 2
    HAVING sum(n) <> 0 OR sum(stock) <> 0 OR sum(avg_value) <> 0 OR sum(usd_price) <> 0 OR sum(eur_price) <> 0 OR sum(try_value) <> 0 OR sum(below) <> 0
    RETURNING 1)
  SELECT (SELECT count(*) FROM gone) - (SELECT count(*) FROM kept) INTO folded;
  RETURN folded;
END $$;
