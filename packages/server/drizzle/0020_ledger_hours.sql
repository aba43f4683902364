CREATE TABLE "material_ledger_hours" (
	"stock_id" text NOT NULL,
	"hour" timestamp NOT NULL,
	"sum_qty" numeric(20, 4) DEFAULT '0' NOT NULL,
	"moves" integer DEFAULT 0 NOT NULL,
	"older_moves" integer DEFAULT 0 NOT NULL,
	"older_qty" numeric(20, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "material_ledger_hours_stock_id_hour_pk" PRIMARY KEY("stock_id","hour")
);
--> statement-breakpoint
CREATE TABLE "product_ledger_hours" (
	"product_id" text NOT NULL,
	"hour" timestamp NOT NULL,
	"sum_qty" numeric(20, 4) DEFAULT '0' NOT NULL,
	"moves" integer DEFAULT 0 NOT NULL,
	"older_moves" integer DEFAULT 0 NOT NULL,
	"older_qty" numeric(20, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "product_ledger_hours_product_id_hour_pk" PRIMARY KEY("product_id","hour")
);
--> statement-breakpoint
ALTER TABLE "material_movements" ADD COLUMN "answer_head" text;--> statement-breakpoint
ALTER TABLE "product_movements" ADD COLUMN "answer_head" text;--> statement-breakpoint
ALTER TABLE "material_ledger_hours" ADD CONSTRAINT "material_ledger_hours_stock_id_materials_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_ledger_hours" ADD CONSTRAINT "product_ledger_hours_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "material_ledger_hours_pos_idx" ON "material_ledger_hours" USING btree ("stock_id","older_moves","hour","moves","sum_qty","older_qty");--> statement-breakpoint
CREATE INDEX "product_ledger_hours_pos_idx" ON "product_ledger_hours" USING btree ("product_id","older_moves","hour","moves","sum_qty","older_qty");--> statement-breakpoint
-- Issue 9 (ADR 0033): the ledger's buckets become hours with positions (the count and sum of the owner's movements in
-- earlier hours), replacing the day buckets (dropped by migration 0021). The ledger (modules/stock/ledger.ts) keeps them
-- under the owner's row lock; this function builds them afresh from the movements: for this migration, after a bulk
-- load (recomputeStockSums) and after restoring a backup made before this migration.
CREATE FUNCTION ledger_buckets_refill() RETURNS void LANGUAGE sql AS $$
  DELETE FROM material_ledger_hours;
  INSERT INTO material_ledger_hours (stock_id, hour, sum_qty, moves, older_moves, older_qty)
    SELECT stock_id, hour, s, c, coalesce(sum(c) OVER w, 0)::int, coalesce(sum(s) OVER w, 0)
    FROM (SELECT stock_id, date_trunc('hour', operation_date AT TIME ZONE 'UTC') AS hour, sum(sum_qty) AS s, count(*)::int AS c
          FROM material_movements GROUP BY 1, 2) b
    WINDOW w AS (PARTITION BY stock_id ORDER BY hour ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING);
  DELETE FROM product_ledger_hours;
  INSERT INTO product_ledger_hours (product_id, hour, sum_qty, moves, older_moves, older_qty)
    SELECT product_id, hour, s, c, coalesce(sum(c) OVER w, 0)::int, coalesce(sum(s) OVER w, 0)
    FROM (SELECT product_id, date_trunc('hour', operation_date AT TIME ZONE 'UTC') AS hour, sum(sum_qty) AS s, count(*)::int AS c
          FROM product_movements GROUP BY 1, 2) b
    WINDOW w AS (PARTITION BY product_id ORDER BY hour ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING);
$$;--> statement-breakpoint
SELECT ledger_buckets_refill();--> statement-breakpoint
-- Each movement's stored answer loses its closing brace (answer_head; answer_json goes in migration 0021): the page
-- appends the running total and the brace. Cutting the brace off per row (left(answer_json, -1)) walked every text,
-- about a fifth of a page's time in PostgreSQL.
CREATE OR REPLACE FUNCTION movements_answer_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'material_movements' THEN
    NEW.answer_head := left(material_movement_answer(NEW), -1);
  ELSE
    NEW.answer_head := left(product_movement_answer(NEW), -1);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_answers_refill() RETURNS void LANGUAGE sql AS $$
  UPDATE material_movements m SET answer_head = left(material_movement_answer(m), -1) WHERE answer_head IS NULL;
  UPDATE product_movements m SET answer_head = left(product_movement_answer(m), -1) WHERE answer_head IS NULL;
$$;--> statement-breakpoint
SELECT ledger_answers_refill();
