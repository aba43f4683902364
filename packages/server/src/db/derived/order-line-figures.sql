-- The figures of an order line's operations (ADR 0026, issue 11): the generated columns operation_count,
-- open_operations, started_operations and units_to_produce of order_items (created by migration 0015) call these.
-- Source: order_items.operations. Kept by: PostgreSQL, on every insert and update of a line (stored generated columns).
-- order_needs_of (order-needs.sql) reads the operations through order_ops_list too.
-- Tests: modules/orders/orders.test.ts (the overview), db/derived.test.ts.
-- refill: UPDATE order_items SET operations = operations; SELECT order_needs_refill();

CREATE OR REPLACE FUNCTION order_ops_list(ops jsonb) RETURNS SETOF jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT o FROM jsonb_array_elements(CASE WHEN jsonb_typeof(ops) = 'array' THEN ops ELSE '[]'::jsonb END) o
$$;

CREATE OR REPLACE FUNCTION order_ops_count(ops jsonb) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN jsonb_typeof(ops) = 'array' THEN jsonb_array_length(ops) ELSE 0 END
$$;

CREATE OR REPLACE FUNCTION order_ops_open(ops jsonb) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT count(*)::integer FROM order_ops_list(ops) o WHERE coalesce((o->>'OperationStatus')::integer, 0) <> 2
$$;

CREATE OR REPLACE FUNCTION order_ops_started(ops jsonb) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT count(*)::integer FROM order_ops_list(ops) o WHERE coalesce((o->>'OperationStatus')::integer, 0) = 1
$$;

CREATE OR REPLACE FUNCTION order_ops_units(ops jsonb) RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(sum(greatest(coalesce((o->>'Qty')::numeric, 0) - coalesce((o->>'OperationComplated')::numeric, 0), 0)), 0)
  FROM order_ops_list(ops) o WHERE coalesce((o->>'OperationStatus')::integer, 0) <> 2
$$;
