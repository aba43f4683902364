ALTER TABLE "material_movements" ADD COLUMN "answer_json" text;--> statement-breakpoint
ALTER TABLE "product_movements" ADD COLUMN "answer_json" text;--> statement-breakpoint
-- Issue 9 (ADR 0031): each movement keeps the JSON the ledger page answers for it (without runTotal), built from the
-- row's own columns by a BEFORE trigger on every insert and update, so a page joins 50 texts instead of building them.
-- Fields and order of materialMovementSchema / productMovementSchema; decimals without trailing zeros; dates in
-- toISOString's form. The stock tests hold every page row equal to the movement as GET /stock/:id answers it.
CREATE FUNCTION material_movement_answer(m material_movements) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT row_to_json(x)::text FROM (SELECT m.id AS "_id", m.order_id, m.orderitem_id, m.ref_id, m.source, m.reverses_id,
    to_char(m.operation_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS operation_date, m.operation_center, m.operation_type,
    trim_scale(m.qty) AS qty, m.unit, m.description, trim_scale(m.price) AS price, m.doviz, trim_scale(m.sum_qty) AS "sumQty",
    trim_scale(m.sum_price) AS "sumPrice", m.person, to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date,
    m.version AS "__v", m.stock_id, m.stock_name, m.stock_category, m.stock_group) x
$$;--> statement-breakpoint
CREATE FUNCTION product_movement_answer(m product_movements) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT row_to_json(x)::text FROM (SELECT m.id AS "_id", m.order_id, m.orderitem_id, m.ref_id, m.source, m.reverses_id,
    to_char(m.operation_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS operation_date, m.operation_center, m.operation_type,
    trim_scale(m.qty) AS qty, m.unit, m.description, trim_scale(m.price) AS price, m.doviz, trim_scale(m.sum_qty) AS "sumQty",
    trim_scale(m.sum_price) AS "sumPrice", m.person, to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date,
    m.version AS "__v", m.product_id, m.product_id AS stock_id, m.productname) x
$$;--> statement-breakpoint
-- One trigger function for both tables: PL/pgSQL compiles it per table, and each runs only its own branch.
CREATE FUNCTION movements_answer_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'material_movements' THEN
    NEW.answer_json := material_movement_answer(NEW);
  ELSE
    NEW.answer_json := product_movement_answer(NEW);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER material_movements_answer BEFORE INSERT OR UPDATE ON material_movements FOR EACH ROW EXECUTE FUNCTION movements_answer_track();--> statement-breakpoint
CREATE TRIGGER product_movements_answer BEFORE INSERT OR UPDATE ON product_movements FOR EACH ROW EXECUTE FUNCTION movements_answer_track();--> statement-breakpoint
-- Every movement's answer afresh: this migration's fill, and a restore of a backup made before it (triggers off).
CREATE FUNCTION ledger_answers_refill() RETURNS void LANGUAGE sql AS $$
  UPDATE material_movements m SET answer_json = material_movement_answer(m) WHERE answer_json IS NULL;
  UPDATE product_movements m SET answer_json = product_movement_answer(m) WHERE answer_json IS NULL;
$$;--> statement-breakpoint
SELECT ledger_answers_refill();
