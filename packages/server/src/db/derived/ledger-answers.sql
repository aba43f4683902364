-- Each stock movement's stored answer head (ADR 0031, 0033): the JSON the ledger page answers for the movement,
-- without its running total and closing brace (the page appends both). Fields and order of materialMovementSchema /
-- productMovementSchema; decimals without trailing zeros; dates in toISOString's form.
-- Columns: material_movements.answer_head, product_movements.answer_head (migration 0020). Source: the row's own columns.
-- Kept by: BEFORE INSERT OR UPDATE row triggers. Refill: ledger_answers_refill() fills the rows without one (a restore).
-- Tests: modules/stock/stock.test.ts (every page row equals the movement as GET /stock/:id answers it), backup/backup.test.ts.
-- refill: UPDATE material_movements m SET answer_head = left(material_movement_answer(m), -1); UPDATE product_movements m SET answer_head = left(product_movement_answer(m), -1);

CREATE OR REPLACE FUNCTION material_movement_answer(m material_movements) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT row_to_json(x)::text FROM (SELECT m.id AS "_id", m.order_id, m.orderitem_id, m.ref_id, m.source, m.reverses_id,
    to_char(m.operation_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS operation_date, m.operation_center, m.operation_type,
    trim_scale(m.qty) AS qty, m.unit, m.description, trim_scale(m.price) AS price, m.doviz, trim_scale(m.sum_qty) AS "sumQty",
    trim_scale(m.sum_price) AS "sumPrice", m.person, to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date,
    m.version AS "__v", m.stock_id, m.stock_name, m.stock_category, m.stock_group) x
$$;

CREATE OR REPLACE FUNCTION product_movement_answer(m product_movements) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT row_to_json(x)::text FROM (SELECT m.id AS "_id", m.order_id, m.orderitem_id, m.ref_id, m.source, m.reverses_id,
    to_char(m.operation_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS operation_date, m.operation_center, m.operation_type,
    trim_scale(m.qty) AS qty, m.unit, m.description, trim_scale(m.price) AS price, m.doviz, trim_scale(m.sum_qty) AS "sumQty",
    trim_scale(m.sum_price) AS "sumPrice", m.person, to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date,
    m.version AS "__v", m.product_id, m.product_id AS stock_id, m.productname) x
$$;

CREATE OR REPLACE FUNCTION movements_answer_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'material_movements' THEN
    NEW.answer_head := left(material_movement_answer(NEW), -1);
  ELSE
    NEW.answer_head := left(product_movement_answer(NEW), -1);
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER material_movements_answer BEFORE INSERT OR UPDATE ON public.material_movements
  FOR EACH ROW
  EXECUTE FUNCTION movements_answer_track();

CREATE TRIGGER product_movements_answer BEFORE INSERT OR UPDATE ON public.product_movements
  FOR EACH ROW
  EXECUTE FUNCTION movements_answer_track();

CREATE OR REPLACE FUNCTION ledger_answers_refill() RETURNS void LANGUAGE sql AS $$
  UPDATE material_movements m SET answer_head = left(material_movement_answer(m), -1) WHERE answer_head IS NULL;
  UPDATE product_movements m SET answer_head = left(product_movement_answer(m), -1) WHERE answer_head IS NULL;
$$;
