CREATE TABLE "product_counts" (
	"model_category" integer NOT NULL,
	"active" boolean NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_counts_model_category_active_pk" PRIMARY KEY("model_category","active")
);
--> statement-breakpoint
-- Issue 9 (ADR 0031): the products' count per category and active flag, kept by row triggers in the writing
-- transaction, so the lists' totals read a few rows instead of counting every product on every page.
CREATE FUNCTION product_counts_refill() RETURNS void LANGUAGE sql AS $$
  DELETE FROM product_counts;
  INSERT INTO product_counts (model_category, active, n) SELECT model_category, urun_durumu, count(*) FROM products GROUP BY 1, 2;
$$;--> statement-breakpoint
SELECT product_counts_refill();--> statement-breakpoint
CREATE FUNCTION product_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;--> statement-breakpoint
CREATE TRIGGER product_counts_insert_delete AFTER INSERT OR DELETE ON products FOR EACH ROW EXECUTE FUNCTION product_counts_track();--> statement-breakpoint
CREATE TRIGGER product_counts_update AFTER UPDATE OF model_category, urun_durumu ON products FOR EACH ROW
  WHEN (OLD.model_category IS DISTINCT FROM NEW.model_category OR OLD.urun_durumu IS DISTINCT FROM NEW.urun_durumu)
  EXECUTE FUNCTION product_counts_track();--> statement-breakpoint
CREATE TRIGGER product_counts_truncate AFTER TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION product_counts_track();
