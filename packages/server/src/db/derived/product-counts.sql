-- The products' count per category and active flag (ADR 0031), so the product lists' totals read a few rows.
-- Table: product_counts (migration 0017). Source: products (model_category, urun_durumu).
-- Kept by: row triggers in the writing transaction. Refill: product_counts_refill() (also backup.ts DERIVED_TABLES).
-- Tests: modules/products/products.test.ts, backup/backup.test.ts, db/derived.test.ts.
-- refill: SELECT product_counts_refill();

CREATE OR REPLACE FUNCTION product_counts_refill() RETURNS void LANGUAGE sql AS $$
  DELETE FROM product_counts;
  INSERT INTO product_counts (model_category, active, n) SELECT model_category, urun_durumu, count(*) FROM products GROUP BY 1, 2;
$$;

CREATE OR REPLACE FUNCTION product_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM product_counts;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE product_counts SET n = n - 1 WHERE model_category = OLD.model_category AND active = OLD.urun_durumu;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO product_counts AS c (model_category, active, n) VALUES (NEW.model_category, NEW.urun_durumu, 1)
      ON CONFLICT (model_category, active) DO UPDATE SET n = c.n + 1;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER product_counts_insert_delete AFTER INSERT OR DELETE ON public.products
  FOR EACH ROW
  EXECUTE FUNCTION product_counts_track();

CREATE TRIGGER product_counts_update AFTER UPDATE OF model_category, urun_durumu ON public.products
  FOR EACH ROW
  WHEN (((old.model_category IS DISTINCT FROM new.model_category)
    OR (old.urun_durumu IS DISTINCT FROM new.urun_durumu)))
  EXECUTE FUNCTION product_counts_track();

CREATE TRIGGER product_counts_truncate AFTER TRUNCATE ON public.products
  FOR EACH STATEMENT
  EXECUTE FUNCTION product_counts_track();
