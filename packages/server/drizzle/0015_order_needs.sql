-- Issue 11 (ADR 0026): the component list and the orders overview without reading every open line's operations.
-- 1. Figures of a line's operations as generated columns (the overview sums them).
CREATE FUNCTION order_ops_list(ops jsonb) RETURNS SETOF jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT o FROM jsonb_array_elements(CASE WHEN jsonb_typeof(ops) = 'array' THEN ops ELSE '[]'::jsonb END) o
$$;--> statement-breakpoint
CREATE FUNCTION order_ops_count(ops jsonb) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN jsonb_typeof(ops) = 'array' THEN jsonb_array_length(ops) ELSE 0 END
$$;--> statement-breakpoint
CREATE FUNCTION order_ops_open(ops jsonb) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT count(*)::integer FROM order_ops_list(ops) o WHERE coalesce((o->>'OperationStatus')::integer, 0) <> 2
$$;--> statement-breakpoint
CREATE FUNCTION order_ops_started(ops jsonb) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT count(*)::integer FROM order_ops_list(ops) o WHERE coalesce((o->>'OperationStatus')::integer, 0) = 1
$$;--> statement-breakpoint
CREATE FUNCTION order_ops_units(ops jsonb) RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(sum(greatest(coalesce((o->>'Qty')::numeric, 0) - coalesce((o->>'OperationComplated')::numeric, 0), 0)), 0)
  FROM order_ops_list(ops) o WHERE coalesce((o->>'OperationStatus')::integer, 0) <> 2
$$;--> statement-breakpoint
ALTER TABLE "order_items"
  ADD COLUMN "operation_count" integer GENERATED ALWAYS AS (order_ops_count(operations)) STORED,
  ADD COLUMN "open_operations" integer GENERATED ALWAYS AS (order_ops_open(operations)) STORED,
  ADD COLUMN "started_operations" integer GENERATED ALWAYS AS (order_ops_started(operations)) STORED,
  ADD COLUMN "units_to_produce" numeric GENERATED ALWAYS AS (order_ops_units(operations)) STORED;--> statement-breakpoint
-- 2. What open lines (status 1-3) still need per material: the rule of the component list (DECISIONS 5), one row per
-- material row of an unfinished operation with StockUpdate (products of 'Yarı Mamül' rows are not materials).
CREATE FUNCTION order_needs_of(status integer, ops jsonb) RETURNS TABLE (material_id text, operation text, required numeric)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT d->>'material', coalesce(o->>'Operation', ''),
    coalesce((d->>'materialQty')::numeric, 0) * greatest(coalesce((o->>'Qty')::numeric, 0) - coalesce((o->>'OperationComplated')::numeric, 0), 0)
  FROM order_ops_list(CASE WHEN status BETWEEN 1 AND 3 THEN ops ELSE '[]'::jsonb END) o
    CROSS JOIN LATERAL order_ops_list(o->'OperationDetails') d
  WHERE coalesce((o->>'OperationStatus')::integer, 0) <> 2
    AND coalesce((d->>'StockUpdate')::boolean, true) AND NOT coalesce((d->>'component')::boolean, false) AND coalesce(d->>'material', '') <> ''
$$;--> statement-breakpoint
CREATE TABLE "order_material_needs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_material_needs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"material_id" text NOT NULL,
	"operation" text,
	"required" numeric DEFAULT '0' NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
-- The table afresh from the lines, one row per key: the migration's fill, and a restore of a backup made before it.
CREATE FUNCTION order_needs_refill() RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_material_needs;
  INSERT INTO order_material_needs (material_id, operation, required, entries, lines)
    SELECT n.material_id, n.operation, sum(n.required), count(*), 0
    FROM order_items l CROSS JOIN LATERAL order_needs_of(l.siparis_durumu, l.operations) n GROUP BY 1, 2
    UNION ALL
    SELECT n.material_id, NULL, 0, 0, count(DISTINCT l.id)
    FROM order_items l CROSS JOIN LATERAL order_needs_of(l.siparis_durumu, l.operations) n GROUP BY 1;
$$;--> statement-breakpoint
SELECT order_needs_refill();--> statement-breakpoint
-- 3. Every statement that changes lines appends its difference (lines whose status and operations did not change
-- count neither way). Appending takes no lock another writer waits on.
-- (Three copies of one statement: static SQL keeps its plan; each branch names only its trigger's transition tables.)
CREATE FUNCTION order_needs_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM order_material_needs;
  ELSIF TG_OP = 'INSERT' THEN
    WITH l AS (SELECT id, siparis_durumu, operations, 1 AS sign FROM new_lines),
    ch AS (SELECT l.id AS line, n.material_id, n.operation, n.required, l.sign FROM l CROSS JOIN LATERAL order_needs_of(l.siparis_durumu, l.operations) n)
    INSERT INTO order_material_needs (material_id, operation, required, entries, lines)
    SELECT material_id, operation, sum(sign * required), sum(sign), 0 FROM ch GROUP BY 1, 2 HAVING sum(sign * required) <> 0 OR sum(sign) <> 0
    UNION ALL
    SELECT material_id, NULL, 0, 0, sum(sign) FROM (SELECT DISTINCT line, material_id, sign FROM ch) x GROUP BY 1 HAVING sum(sign) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    WITH l AS (SELECT id, siparis_durumu, operations, -1 AS sign FROM old_lines),
    ch AS (SELECT l.id AS line, n.material_id, n.operation, n.required, l.sign FROM l CROSS JOIN LATERAL order_needs_of(l.siparis_durumu, l.operations) n)
    INSERT INTO order_material_needs (material_id, operation, required, entries, lines)
    SELECT material_id, operation, sum(sign * required), sum(sign), 0 FROM ch GROUP BY 1, 2 HAVING sum(sign * required) <> 0 OR sum(sign) <> 0
    UNION ALL
    SELECT material_id, NULL, 0, 0, sum(sign) FROM (SELECT DISTINCT line, material_id, sign FROM ch) x GROUP BY 1 HAVING sum(sign) <> 0;
  ELSE
    WITH l AS (
      SELECT n.id, n.siparis_durumu, n.operations, 1 AS sign FROM new_lines n
      WHERE NOT EXISTS (SELECT 1 FROM old_lines o WHERE o.id = n.id AND o.siparis_durumu = n.siparis_durumu AND o.operations = n.operations)
      UNION ALL
      SELECT o.id, o.siparis_durumu, o.operations, -1 FROM old_lines o
      WHERE NOT EXISTS (SELECT 1 FROM new_lines n WHERE o.id = n.id AND o.siparis_durumu = n.siparis_durumu AND o.operations = n.operations)),
    ch AS (SELECT l.id AS line, n.material_id, n.operation, n.required, l.sign FROM l CROSS JOIN LATERAL order_needs_of(l.siparis_durumu, l.operations) n)
    INSERT INTO order_material_needs (material_id, operation, required, entries, lines)
    SELECT material_id, operation, sum(sign * required), sum(sign), 0 FROM ch GROUP BY 1, 2 HAVING sum(sign * required) <> 0 OR sum(sign) <> 0
    UNION ALL
    SELECT material_id, NULL, 0, 0, sum(sign) FROM (SELECT DISTINCT line, material_id, sign FROM ch) x GROUP BY 1 HAVING sum(sign) <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER order_needs_insert AFTER INSERT ON "order_items" REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION order_needs_track();--> statement-breakpoint
CREATE TRIGGER order_needs_update AFTER UPDATE ON "order_items" REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION order_needs_track();--> statement-breakpoint
CREATE TRIGGER order_needs_delete AFTER DELETE ON "order_items" REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION order_needs_track();--> statement-breakpoint
CREATE TRIGGER order_needs_truncate AFTER TRUNCATE ON "order_items" FOR EACH STATEMENT EXECUTE FUNCTION order_needs_track();--> statement-breakpoint
-- 4. Folding: the rows of each key added into one (rows appended meanwhile by other transactions stay as they are).
-- One fold at a time; a second caller returns at once.
CREATE FUNCTION order_needs_fold() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE n integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(727011) THEN RETURN 0; END IF;
  WITH gone AS (DELETE FROM order_material_needs RETURNING material_id, operation, required, entries, lines),
  kept AS (
    INSERT INTO order_material_needs (material_id, operation, required, entries, lines)
    SELECT material_id, operation, sum(required), sum(entries), sum(lines) FROM gone GROUP BY 1, 2
    HAVING sum(required) <> 0 OR sum(entries) <> 0 OR sum(lines) <> 0
    RETURNING 1)
  SELECT (SELECT count(*) FROM gone) - (SELECT count(*) FROM kept) INTO n;
  RETURN n;
END $$;
