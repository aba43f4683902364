-- The sales report's sums (issue 26, ADR 0041 and ADR 0047): what each offer contributes to GET /api/reports/sales
-- (sales_offer_facts) and those contributions summed per Istanbul day, month and year (sales_sums), so a report over
-- five years reads a few thousand summed rows instead of 20,000 offers and 100,000 items.
-- sales_facts_of is the report's definition (ADR 0041 "Sales") in one place: an offer counts on its offer date (kind 'o',
-- converted when it is an order now), an order on its order date (kind 'r', status Order, Completed or Delivered);
-- amounts net, in lira and in $/€ as stored when the offer is in that currency, else the lira amount at the offer's own
-- rate; per month (key ''), per customer (firma_id, else 'name:' and the name; label the name), per model and per
-- category (the items through their product; '' for items without one), an offer once per group.
-- Tables: sales_offer_facts, sales_sums (migration 0036). Source: offers, offer_items, products (model_id, model_category).
-- Kept by: statement triggers on the three tables; each recomputes the facts of the offers its statement touched and
-- appends the difference to sales_sums (rows not folded); sales_sums_fold() adds the rows of a key into one (run by the
-- reports module before a sales report). Refill: sales_sums_refill() (also backup.ts DERIVED_TABLES).
-- Tests: modules/reports/sales-sums.test.ts (random writes of offers, items and products, then the kept sums equal
-- the sums computed from the rows; fails with a trigger off), modules/reports/reports.test.ts, db/derived.test.ts.
-- refill: SELECT sales_sums_refill();

CREATE OR REPLACE FUNCTION sales_facts_of(ids text[]) RETURNS TABLE (offer_id text, kind text, day date, dim text, key text, label text, converted integer, try_amount numeric, usd_amount numeric, eur_amount numeric)
LANGUAGE sql STABLE AS $$
  WITH k AS (
    SELECT o.id, v.kind, (v.at AT TIME ZONE 'Europe/Istanbul')::date AS day,
      CASE WHEN v.kind = 'o' AND o.siparis_tarihi IS NOT NULL AND o.teklif_durumu BETWEEN 1 AND 3 THEN 1 ELSE 0 END AS converted,
      coalesce(o.firma_id, 'name:' || o.firma_adi) AS customer, o.firma_adi, o.teklif_dovizi AS cur, o.teklif_usdkur AS usd,
      o.teklif_eurkur AS eur, o.teklif_tutartl AS tl, o.teklif_tutardoviz AS dv
    FROM unnest(ids) AS x(id) JOIN offers o ON o.id = x.id
      CROSS JOIN LATERAL (VALUES ('o', o.teklif_tarihi), ('r', CASE WHEN o.teklif_durumu BETWEEN 1 AND 3 THEN o.siparis_tarihi END)) AS v(kind, at)
    WHERE v.at IS NOT NULL
  ), items AS (
    SELECT k.id, k.kind, k.day, k.converted, coalesce(p.model_id, '') AS model, coalesce(p.model_category::text, '') AS category,
      i.toplam_tl AS tl,
      CASE WHEN k.cur = '$' THEN i.toplam_doviz WHEN k.usd > 0 THEN i.toplam_tl / k.usd ELSE 0 END AS usd,
      CASE WHEN k.cur = '€' THEN i.toplam_doviz WHEN k.eur > 0 THEN i.toplam_tl / k.eur ELSE 0 END AS eur
    FROM k JOIN offer_items i ON i.offer_id = k.id LEFT JOIN products p ON p.id = i.urun_id
  ), offer_level AS (
    SELECT k.*, (CASE WHEN k.cur = '$' THEN k.dv WHEN k.usd > 0 THEN k.tl / k.usd ELSE 0 END) AS in_usd,
      (CASE WHEN k.cur = '€' THEN k.dv WHEN k.eur > 0 THEN k.tl / k.eur ELSE 0 END) AS in_eur
    FROM k
  )
  SELECT id, kind, day, 'month', '', '', converted, tl, in_usd, in_eur FROM offer_level
  UNION ALL
  SELECT id, kind, day, 'customer', customer, firma_adi, converted, tl, in_usd, in_eur FROM offer_level
  UNION ALL
  SELECT id, kind, day, 'model', model, '', converted, sum(tl), sum(usd), sum(eur) FROM items GROUP BY id, kind, day, converted, model
  UNION ALL
  SELECT id, kind, day, 'category', category, '', converted, sum(tl), sum(usd), sum(eur) FROM items GROUP BY id, kind, day, converted, category
$$;

-- The first day of a day's grain: the day ('d'), its month ('m'), its year ('y').
CREATE OR REPLACE FUNCTION sales_grain_start(grain text, day date) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE grain WHEN 'm' THEN make_date(extract(year FROM day)::integer, extract(month FROM day)::integer, 1)
    WHEN 'y' THEN make_date(extract(year FROM day)::integer, 1, 1) ELSE day END
$$;

-- Recomputes the facts of the offers `ids` from their rows now and appends the difference to sales_sums, per day,
-- month and year. The offers' rows are locked first, so two transactions never recompute one offer at once (the second
-- waits and then reads the first one's facts).
CREATE OR REPLACE FUNCTION sales_facts_redo(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM offers WHERE id = ANY(ids) ORDER BY id FOR UPDATE;
  WITH gone AS (
    DELETE FROM sales_offer_facts f WHERE f.offer_id = ANY(ids)
    RETURNING f.kind, f.day, f.dim, f.key, f.label, f.converted, f.try_amount, f.usd_amount, f.eur_amount
  ), made AS (
    INSERT INTO sales_offer_facts (offer_id, kind, day, dim, key, label, converted, try_amount, usd_amount, eur_amount)
    SELECT * FROM sales_facts_of(ids)
    RETURNING kind, day, dim, key, label, converted, try_amount, usd_amount, eur_amount
  ), diff AS (
    SELECT -1 AS sign, gone.* FROM gone UNION ALL SELECT 1, made.* FROM made
  )
  INSERT INTO sales_sums (grain, at, kind, dim, key, label, n, converted, try_amount, usd_amount, eur_amount)
  SELECT g.grain, sales_grain_start(g.grain, d.day), d.kind, d.dim, d.key, d.label,
    sum(d.sign), sum(d.sign * d.converted), sum(d.sign * d.try_amount), sum(d.sign * d.usd_amount), sum(d.sign * d.eur_amount)
  FROM diff d CROSS JOIN (VALUES ('d'), ('m'), ('y')) AS g(grain)
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(d.sign) <> 0 OR sum(d.sign * d.converted) <> 0 OR sum(d.sign * d.try_amount) <> 0
    OR sum(d.sign * d.usd_amount) <> 0 OR sum(d.sign * d.eur_amount) <> 0;
END
$$;

CREATE OR REPLACE FUNCTION sales_sums_refill() RETURNS void LANGUAGE sql AS $$
  DELETE FROM sales_offer_facts;
  DELETE FROM sales_sums;
  INSERT INTO sales_offer_facts (offer_id, kind, day, dim, key, label, converted, try_amount, usd_amount, eur_amount)
    SELECT * FROM sales_facts_of(ARRAY(SELECT id FROM offers));
  INSERT INTO sales_sums (grain, at, kind, dim, key, label, n, converted, try_amount, usd_amount, eur_amount, folded)
    SELECT g.grain, sales_grain_start(g.grain, f.day), f.kind, f.dim, f.key, f.label,
      count(*), sum(f.converted), sum(f.try_amount), sum(f.usd_amount), sum(f.eur_amount), true
    FROM sales_offer_facts f CROSS JOIN (VALUES ('d'), ('m'), ('y')) AS g(grain)
    GROUP BY 1, 2, 3, 4, 5, 6;
$$;

-- The offers a statement touched: inserted or deleted offers, offers whose report fields changed, offers whose items
-- were inserted, deleted or changed in product or amount, offers with items of a product whose model or category changed.
CREATE OR REPLACE FUNCTION sales_facts_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM sales_sums_refill();
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'offers' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(id) INTO ids FROM new_rows;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(id) INTO ids FROM old_rows;
    ELSE
      SELECT array_agg(n.id) INTO ids FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (o.teklif_tarihi, o.siparis_tarihi, o.teklif_durumu, o.firma_id, o.firma_adi, o.teklif_dovizi, o.teklif_usdkur, o.teklif_eurkur,
          o.teklif_tutartl, o.teklif_tutardoviz)
        IS DISTINCT FROM (n.teklif_tarihi, n.siparis_tarihi, n.teklif_durumu, n.firma_id, n.firma_adi, n.teklif_dovizi, n.teklif_usdkur,
          n.teklif_eurkur, n.teklif_tutartl, n.teklif_tutardoviz);
    END IF;
  ELSIF TG_TABLE_NAME = 'offer_items' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT offer_id) INTO ids FROM new_rows;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT offer_id) INTO ids FROM old_rows;
    ELSE
      SELECT array_agg(DISTINCT x.offer_id) INTO ids FROM (
        SELECT o.offer_id, n.offer_id AS new_offer FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (o.offer_id, o.urun_id, o.toplam_tl, o.toplam_doviz) IS DISTINCT FROM (n.offer_id, n.urun_id, n.toplam_tl, n.toplam_doviz)
      ) c CROSS JOIN LATERAL (VALUES (c.offer_id), (c.new_offer)) AS x(offer_id);
    END IF;
  ELSE
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT i.offer_id) INTO ids FROM new_rows p JOIN offer_items i ON i.urun_id = p.id;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT i.offer_id) INTO ids FROM old_rows p JOIN offer_items i ON i.urun_id = p.id;
    ELSE
      SELECT array_agg(DISTINCT i.offer_id) INTO ids FROM (
        SELECT o.id AS old_id, n.id AS new_id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (o.model_id, o.model_category) IS DISTINCT FROM (n.model_id, n.model_category)
      ) c JOIN offer_items i ON i.urun_id IN (c.old_id, c.new_id);
    END IF;
  END IF;
  PERFORM sales_facts_redo(ids);
  RETURN NULL;
END
$$;

-- Adds the unfolded rows of sales_sums into one row per key (with the key's folded row): one caller at a time, rows
-- appended meanwhile stay. Answers the number of rows it removed. The report's answer never depends on it.
CREATE OR REPLACE FUNCTION sales_sums_fold() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  removed integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(727012) THEN
    RETURN 0;
  END IF;
  WITH k AS (
    SELECT DISTINCT grain, at, kind, dim, key, label FROM sales_sums WHERE NOT folded
  ), gone AS (
    DELETE FROM sales_sums s USING k
    WHERE s.dim = k.dim AND s.grain = k.grain AND s.at = k.at AND s.kind = k.kind AND s.key = k.key AND s.label = k.label
    RETURNING s.grain, s.at, s.kind, s.dim, s.key, s.label, s.n, s.converted, s.try_amount, s.usd_amount, s.eur_amount
  ), kept AS (
    INSERT INTO sales_sums (grain, at, kind, dim, key, label, n, converted, try_amount, usd_amount, eur_amount, folded)
    SELECT grain, at, kind, dim, key, label, sum(n), sum(converted), sum(try_amount), sum(usd_amount), sum(eur_amount), true
    FROM gone GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(n) <> 0 OR sum(converted) <> 0 OR sum(try_amount) <> 0 OR sum(usd_amount) <> 0 OR sum(eur_amount) <> 0
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM gone) - (SELECT count(*) FROM kept) INTO removed;
  RETURN removed;
END
$$;

CREATE TRIGGER sales_sums_offers_insert AFTER INSERT ON public.offers
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION sales_facts_track();

CREATE TRIGGER sales_sums_offers_update AFTER UPDATE ON public.offers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION sales_facts_track();

CREATE TRIGGER sales_sums_offers_delete AFTER DELETE ON public.offers
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION sales_facts_track();

CREATE TRIGGER sales_sums_offers_truncate AFTER TRUNCATE ON public.offers
  FOR EACH STATEMENT
  EXECUTE FUNCTION sales_facts_track();

CREATE TRIGGER sales_sums_items_insert AFTER INSERT ON public.offer_items
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION sales_facts_track();

CREATE TRIGGER sales_sums_items_update AFTER UPDATE ON public.offer_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION sales_facts_track();

CREATE TRIGGER sales_sums_items_delete AFTER DELETE ON public.offer_items
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION sales_facts_track();

CREATE TRIGGER sales_sums_items_truncate AFTER TRUNCATE ON public.offer_items
  FOR EACH STATEMENT
  EXECUTE FUNCTION sales_facts_track();

CREATE TRIGGER sales_sums_products_insert AFTER INSERT ON public.products
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION sales_facts_track();

CREATE TRIGGER sales_sums_products_update AFTER UPDATE ON public.products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION sales_facts_track();

CREATE TRIGGER sales_sums_products_delete AFTER DELETE ON public.products
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION sales_facts_track();

CREATE TRIGGER sales_sums_products_truncate AFTER TRUNCATE ON public.products
  FOR EACH STATEMENT
  EXECUTE FUNCTION sales_facts_track();
