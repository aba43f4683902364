-- The offers' count and sums per status and currency (ADR 0034; the pattern of product_counts), so the offer list's
-- totals read a few rows. Each (status, currency) is spread over 16 slots by the offer's id, so saves of different offers
-- rarely wait for one another's row lock; the list adds the slots up.
-- Table: offer_sums (migration 0022). Source: offers (status, currency and the six sums).
-- Kept by: row triggers in the writing transaction. Refill: offer_sums_refill() (also backup.ts DERIVED_TABLES).
-- Tests: modules/offers/offers.test.ts, backup/backup.test.ts, db/derived.test.ts.
-- refill: SELECT offer_sums_refill();

CREATE OR REPLACE FUNCTION offer_sums_refill() RETURNS void LANGUAGE sql AS $$
  DELETE FROM offer_sums;
  INSERT INTO offer_sums (teklif_durumu, teklif_dovizi, slot, n, tl, kdv_tl, g_tl, dv, kdv_dv, g_dv)
    SELECT teklif_durumu, teklif_dovizi, hashtext(id) & 15, count(*), sum(teklif_tutartl), sum(teklif_kdvtl), sum(teklif_gtoplamtl),
      sum(teklif_tutardoviz), sum(teklif_kdvdoviz), sum(teklif_gtoplamdoviz)
    FROM offers GROUP BY 1, 2, 3;
$$;

CREATE OR REPLACE FUNCTION offer_sums_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM offer_sums;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE offer_sums SET n = n - 1, tl = tl - OLD.teklif_tutartl, kdv_tl = kdv_tl - OLD.teklif_kdvtl, g_tl = g_tl - OLD.teklif_gtoplamtl,
      dv = dv - OLD.teklif_tutardoviz, kdv_dv = kdv_dv - OLD.teklif_kdvdoviz, g_dv = g_dv - OLD.teklif_gtoplamdoviz
    WHERE teklif_durumu = OLD.teklif_durumu AND teklif_dovizi = OLD.teklif_dovizi AND slot = hashtext(OLD.id) & 15;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO offer_sums AS s (teklif_durumu, teklif_dovizi, slot, n, tl, kdv_tl, g_tl, dv, kdv_dv, g_dv)
      VALUES (NEW.teklif_durumu, NEW.teklif_dovizi, hashtext(NEW.id) & 15, 1, NEW.teklif_tutartl, NEW.teklif_kdvtl, NEW.teklif_gtoplamtl,
        NEW.teklif_tutardoviz, NEW.teklif_kdvdoviz, NEW.teklif_gtoplamdoviz)
      ON CONFLICT (teklif_durumu, teklif_dovizi, slot) DO UPDATE SET n = s.n + 1, tl = s.tl + excluded.tl, kdv_tl = s.kdv_tl + excluded.kdv_tl,
        g_tl = s.g_tl + excluded.g_tl, dv = s.dv + excluded.dv, kdv_dv = s.kdv_dv + excluded.kdv_dv, g_dv = s.g_dv + excluded.g_dv;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER offer_sums_insert_delete AFTER INSERT OR DELETE ON public.offers
  FOR EACH ROW
  EXECUTE FUNCTION offer_sums_track();

CREATE TRIGGER offer_sums_update AFTER UPDATE OF teklif_durumu, teklif_dovizi, teklif_tutartl, teklif_kdvtl, teklif_gtoplamtl, teklif_tutardoviz, teklif_kdvdoviz, teklif_gtoplamdoviz
  ON public.offers
  FOR EACH ROW
  WHEN (((((((((old.teklif_durumu IS DISTINCT FROM new.teklif_durumu)
    OR (old.teklif_dovizi IS DISTINCT FROM new.teklif_dovizi))
    OR (old.teklif_tutartl IS DISTINCT FROM new.teklif_tutartl))
    OR (old.teklif_kdvtl IS DISTINCT FROM new.teklif_kdvtl))
    OR (old.teklif_gtoplamtl IS DISTINCT FROM new.teklif_gtoplamtl))
    OR (old.teklif_tutardoviz IS DISTINCT FROM new.teklif_tutardoviz))
    OR (old.teklif_kdvdoviz IS DISTINCT FROM new.teklif_kdvdoviz))
    OR (old.teklif_gtoplamdoviz IS DISTINCT FROM new.teklif_gtoplamdoviz)))
  EXECUTE FUNCTION offer_sums_track();

CREATE TRIGGER offer_sums_truncate AFTER TRUNCATE ON public.offers
  FOR EACH STATEMENT
  EXECUTE FUNCTION offer_sums_track();
