-- What open lines (status 1-3) still need per material and, in rows with component true, per component product
-- ('Yarı Mamül' rows): the rule of the component list (DECISIONS 5, ADR 0026, ADR 0044, ADR 0046).
-- order_needs_of is the domain's lineNeeds (packages/domain/src/orders.ts) in SQL, for speed: db/order-needs.test.ts holds
-- the two equal on random lines (to the last decimal). Change the rule in both, or that test fails.
-- Table: order_material_needs (migration 0015; column component: migration 0032, ADR 0046). Source: order_items (siparis_durumu, operations).
-- Kept by: statement triggers on order_items appending each statement's difference; order_needs_fold adds the rows
-- of each key into one (run by the orders module). Refill: order_needs_refill() (also backup.ts DERIVED_TABLES).
-- Tests: db/order-needs.test.ts (order_needs_of = lineNeeds), modules/orders/orders.test.ts (the kept table against the
-- lines after random interleavings), modules/orders/product-needs.test.ts (the kept component rows against
-- lineProductNeeds after random writes of lines), backup/backup.test.ts.
-- refill: SELECT order_needs_refill();

-- order_needs_all is the rule for both kinds of row, one pass over a line's rows (the triggers keep both kinds,
-- ADR 0046); order_line_needs picks one kind: components false, the materials (lineNeeds, order_needs_of);
-- components true, the component products of 'Yarı Mamül' rows (lineProductNeeds, the component list's product
-- shortages, ADR 0044). order-needs.test.ts holds both equal to the domain.
CREATE OR REPLACE FUNCTION order_needs_all(status integer, ops jsonb) RETURNS TABLE (component boolean, material_id text, operation text, required numeric)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce((d->>'component')::boolean, false), d->>'material', coalesce(o->>'Operation', ''),
    coalesce((d->>'materialQty')::numeric, 0) * greatest(coalesce((o->>'Qty')::numeric, 0) - coalesce((o->>'OperationComplated')::numeric, 0), 0)
  FROM order_ops_list(CASE WHEN status BETWEEN 1 AND 3 THEN ops ELSE '[]'::jsonb END) o
    CROSS JOIN LATERAL order_ops_list(o->'OperationDetails') d
  WHERE coalesce((o->>'OperationStatus')::integer, 0) <> 2
    AND coalesce((d->>'StockUpdate')::boolean, true) AND coalesce(d->>'material', '') <> ''
$$;

CREATE OR REPLACE FUNCTION order_line_needs(status integer, ops jsonb, components boolean) RETURNS TABLE (material_id text, operation text, required numeric)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT material_id, operation, required FROM order_needs_all(status, ops) WHERE component = components
$$;

CREATE OR REPLACE FUNCTION order_needs_of(status integer, ops jsonb) RETURNS TABLE (material_id text, operation text, required numeric)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT material_id, operation, required FROM order_line_needs(status, ops, false)
$$;

CREATE OR REPLACE FUNCTION order_needs_refill() RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_material_needs;
  INSERT INTO order_material_needs (component, material_id, operation, required, entries, lines)
    SELECT n.component, n.material_id, n.operation, sum(n.required), count(*), 0
    FROM order_items l CROSS JOIN LATERAL order_needs_all(l.siparis_durumu, l.operations) n GROUP BY 1, 2, 3
    UNION ALL
    SELECT n.component, n.material_id, NULL, 0, 0, count(DISTINCT l.id)
    FROM order_items l CROSS JOIN LATERAL order_needs_all(l.siparis_durumu, l.operations) n GROUP BY 1, 2;
$$;

CREATE OR REPLACE FUNCTION order_needs_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM order_material_needs;
  ELSIF TG_OP = 'INSERT' THEN
    WITH l AS (SELECT id, siparis_durumu, operations, 1 AS sign FROM new_lines),
    ch AS (SELECT l.id AS line, n.component, n.material_id, n.operation, n.required, l.sign FROM l CROSS JOIN LATERAL order_needs_all(l.siparis_durumu, l.operations) n)
    INSERT INTO order_material_needs (component, material_id, operation, required, entries, lines)
    SELECT component, material_id, operation, sum(sign * required), sum(sign), 0 FROM ch GROUP BY 1, 2, 3 HAVING sum(sign * required) <> 0 OR sum(sign) <> 0
    UNION ALL
    SELECT component, material_id, NULL, 0, 0, sum(sign) FROM (SELECT DISTINCT line, component, material_id, sign FROM ch) x GROUP BY 1, 2 HAVING sum(sign) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    WITH l AS (SELECT id, siparis_durumu, operations, -1 AS sign FROM old_lines),
    ch AS (SELECT l.id AS line, n.component, n.material_id, n.operation, n.required, l.sign FROM l CROSS JOIN LATERAL order_needs_all(l.siparis_durumu, l.operations) n)
    INSERT INTO order_material_needs (component, material_id, operation, required, entries, lines)
    SELECT component, material_id, operation, sum(sign * required), sum(sign), 0 FROM ch GROUP BY 1, 2, 3 HAVING sum(sign * required) <> 0 OR sum(sign) <> 0
    UNION ALL
    SELECT component, material_id, NULL, 0, 0, sum(sign) FROM (SELECT DISTINCT line, component, material_id, sign FROM ch) x GROUP BY 1, 2 HAVING sum(sign) <> 0;
  ELSE
    WITH l AS (
      SELECT n.id, n.siparis_durumu, n.operations, 1 AS sign FROM new_lines n
      WHERE NOT EXISTS (SELECT 1 FROM old_lines o WHERE o.id = n.id AND o.siparis_durumu = n.siparis_durumu AND o.operations = n.operations)
      UNION ALL
      SELECT o.id, o.siparis_durumu, o.operations, -1 FROM old_lines o
      WHERE NOT EXISTS (SELECT 1 FROM new_lines n WHERE o.id = n.id AND o.siparis_durumu = n.siparis_durumu AND o.operations = n.operations)),
    ch AS (SELECT l.id AS line, n.component, n.material_id, n.operation, n.required, l.sign FROM l CROSS JOIN LATERAL order_needs_all(l.siparis_durumu, l.operations) n)
    INSERT INTO order_material_needs (component, material_id, operation, required, entries, lines)
    SELECT component, material_id, operation, sum(sign * required), sum(sign), 0 FROM ch GROUP BY 1, 2, 3 HAVING sum(sign * required) <> 0 OR sum(sign) <> 0
    UNION ALL
    SELECT component, material_id, NULL, 0, 0, sum(sign) FROM (SELECT DISTINCT line, component, material_id, sign FROM ch) x GROUP BY 1, 2 HAVING sum(sign) <> 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER order_needs_insert AFTER INSERT ON public.order_items
  REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT
  EXECUTE FUNCTION order_needs_track();

CREATE TRIGGER order_needs_update AFTER UPDATE ON public.order_items
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines
  FOR EACH STATEMENT
  EXECUTE FUNCTION order_needs_track();

CREATE TRIGGER order_needs_delete AFTER DELETE ON public.order_items
  REFERENCING OLD TABLE AS old_lines
  FOR EACH STATEMENT
  EXECUTE FUNCTION order_needs_track();

CREATE TRIGGER order_needs_truncate AFTER TRUNCATE ON public.order_items
  FOR EACH STATEMENT
  EXECUTE FUNCTION order_needs_track();

CREATE OR REPLACE FUNCTION order_needs_fold() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE n integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(727011) THEN RETURN 0; END IF;
  WITH gone AS (DELETE FROM order_material_needs RETURNING component, material_id, operation, required, entries, lines),
  kept AS (
    INSERT INTO order_material_needs (component, material_id, operation, required, entries, lines)
    SELECT component, material_id, operation, sum(required), sum(entries), sum(lines) FROM gone GROUP BY 1, 2, 3
    HAVING sum(required) <> 0 OR sum(entries) <> 0 OR sum(lines) <> 0
    RETURNING 1)
  SELECT (SELECT count(*) FROM gone) - (SELECT count(*) FROM kept) INTO n;
  RETURN n;
END $$;
