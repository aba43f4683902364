CREATE TABLE "offer_sums" (
	"teklif_durumu" integer NOT NULL,
	"teklif_dovizi" text NOT NULL,
	"slot" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"tl" numeric(20, 2) DEFAULT '0' NOT NULL,
	"kdv_tl" numeric(20, 2) DEFAULT '0' NOT NULL,
	"g_tl" numeric(20, 2) DEFAULT '0' NOT NULL,
	"dv" numeric(20, 2) DEFAULT '0' NOT NULL,
	"kdv_dv" numeric(20, 2) DEFAULT '0' NOT NULL,
	"g_dv" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "offer_sums_teklif_durumu_teklif_dovizi_slot_pk" PRIMARY KEY("teklif_durumu","teklif_dovizi","slot")
);
--> statement-breakpoint
CREATE INDEX "offers_list_date_idx" ON "offers" USING btree ("teklif_tarihi","teklif_no","teklif_durumu","id");--> statement-breakpoint
-- The offers' count and sums per status and currency (ADR 0034; the pattern of ADR 0031's product_counts), kept by row
-- triggers in the writing transaction, so the offer list's totals for a status range read a few rows instead of
-- summing every matching offer on every page. Each (status, currency) is spread over 16 slots by the offer's id, so
-- saves of different offers rarely wait for one another's row lock; the list adds the slots up.
CREATE FUNCTION offer_sums_refill() RETURNS void LANGUAGE sql AS $$
  DELETE FROM offer_sums;
  INSERT INTO offer_sums (teklif_durumu, teklif_dovizi, slot, n, tl, kdv_tl, g_tl, dv, kdv_dv, g_dv)
    SELECT teklif_durumu, teklif_dovizi, hashtext(id) & 15, count(*), sum(teklif_tutartl), sum(teklif_kdvtl), sum(teklif_gtoplamtl),
      sum(teklif_tutardoviz), sum(teklif_kdvdoviz), sum(teklif_gtoplamdoviz)
    FROM offers GROUP BY 1, 2, 3;
$$;--> statement-breakpoint
SELECT offer_sums_refill();--> statement-breakpoint
CREATE FUNCTION offer_sums_track() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;--> statement-breakpoint
CREATE TRIGGER offer_sums_insert_delete AFTER INSERT OR DELETE ON offers FOR EACH ROW EXECUTE FUNCTION offer_sums_track();--> statement-breakpoint
CREATE TRIGGER offer_sums_update AFTER UPDATE OF teklif_durumu, teklif_dovizi, teklif_tutartl, teklif_kdvtl, teklif_gtoplamtl,
    teklif_tutardoviz, teklif_kdvdoviz, teklif_gtoplamdoviz ON offers FOR EACH ROW
  WHEN ((OLD.teklif_durumu, OLD.teklif_dovizi, OLD.teklif_tutartl, OLD.teklif_kdvtl, OLD.teklif_gtoplamtl, OLD.teklif_tutardoviz, OLD.teklif_kdvdoviz, OLD.teklif_gtoplamdoviz)
    IS DISTINCT FROM (NEW.teklif_durumu, NEW.teklif_dovizi, NEW.teklif_tutartl, NEW.teklif_kdvtl, NEW.teklif_gtoplamtl, NEW.teklif_tutardoviz, NEW.teklif_kdvdoviz, NEW.teklif_gtoplamdoviz))
  EXECUTE FUNCTION offer_sums_track();--> statement-breakpoint
CREATE TRIGGER offer_sums_truncate AFTER TRUNCATE ON offers FOR EACH STATEMENT EXECUTE FUNCTION offer_sums_track();
