-- The orders overview's units to deliver and late count without reading every line (issue 27, ADR 0049 addendum 2):
-- per Istanbul day of the line's order date (siparis_tarihi), the open lines of orders in status 1-3 (n) and their
-- units to deliver (units). A line is open when it is not complete or not fully delivered (tamamlanma_orani < 100 or
-- teslim_edilmis < urun_miktari); its units to deliver are greatest(round(urun_miktari, 2) - round(teslim_edilmis, 2), 0)
-- (a line that is not open has none, so the sum over open lines is the sum over every line of the open orders).
-- The late count is the days wholly before the cutoff's day plus the cutoff's own day read from the lines
-- (order_items_open_order_date_idx, ADR 0058).
-- Table: order_open_days (migration 0038). Source: order_items (offer_id, siparis_tarihi, tamamlanma_orani,
-- teslim_edilmis, urun_miktari) and offers (teklif_durumu).
-- Kept by: statement triggers on order_items and offers appending each statement's difference (insert only). A line
-- statement that changes a line's contribution locks the lines' offers first (FOR NO KEY UPDATE, in id order) and reads
-- their status then, so an offer's status change and a line's change never miss each other; a line write that leaves
-- the contribution alone (a production record below 100 %) takes no lock. order_open_days_fold() adds the rows of each
-- day into one (run by the overview when the rows outnumber the days). Refill: order_open_days_refill() (also backup.ts
-- DERIVED_TABLES).
-- Tests: modules/orders/open-days.test.ts (overview figures equal the rows after random writes; fails with a trigger
-- off), modules/orders/order-figures.test.ts, db/derived.test.ts.
-- refill: SELECT order_open_days_refill();

CREATE OR REPLACE FUNCTION order_open_day_rows(sign integer, offer_status integer, at timestamptz, pct numeric, qty numeric, delivered numeric)
RETURNS TABLE (day date, n bigint, units numeric)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (at AT TIME ZONE 'Europe/Istanbul')::date, sign::bigint, sign * greatest(round(qty, 2) - round(delivered, 2), 0)
  WHERE offer_status BETWEEN 1 AND 3 AND (pct < 100 OR delivered < qty)
$$;

CREATE OR REPLACE FUNCTION order_open_days_refill() RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_open_days;
  INSERT INTO order_open_days (day, n, units)
    SELECT f.day, sum(f.n), sum(f.units)
    FROM order_items l JOIN offers o ON o.id = l.offer_id
      CROSS JOIN LATERAL order_open_day_rows(1, o.teklif_durumu, l.siparis_tarihi, l.tamamlanma_orani, l.urun_miktari, l.teslim_edilmis) f
    GROUP BY 1;
$$;

CREATE OR REPLACE FUNCTION order_open_days_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
  diff jsonb;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM order_open_days_refill();
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'offers' THEN
    -- An offer entering or leaving status 1-3 adds or takes away its lines (an offer with lines cannot be deleted).
    SELECT array_agg(nw.id) INTO ids FROM new_rows nw JOIN old_rows od ON od.id = nw.id
    WHERE (nw.teklif_durumu BETWEEN 1 AND 3) <> (od.teklif_durumu BETWEEN 1 AND 3);
    IF ids IS NULL THEN
      RETURN NULL;
    END IF;
    INSERT INTO order_open_days (day, n, units)
    SELECT f.day, sum(f.n), sum(f.units)
    FROM offers o JOIN order_items l ON l.offer_id = o.id
      CROSS JOIN LATERAL order_open_day_rows(CASE WHEN o.teklif_durumu BETWEEN 1 AND 3 THEN 1 ELSE -1 END, 1,
        l.siparis_tarihi, l.tamamlanma_orani, l.urun_miktari, l.teslim_edilmis) f
    WHERE o.id = ANY(ids)
    GROUP BY 1
    HAVING sum(f.n) <> 0 OR sum(f.units) <> 0;
    RETURN NULL;
  END IF;
  -- The statement's changed contributions (sign, offer, order date, completion, quantity, delivered) of lines that are
  -- or were open; lines that are not open and never were add nothing and take no lock.
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_array(1, offer_id, siparis_tarihi, tamamlanma_orani, urun_miktari, teslim_edilmis)) INTO diff
    FROM new_lines WHERE offer_id IS NOT NULL AND (tamamlanma_orani < 100 OR teslim_edilmis < urun_miktari);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_array(-1, offer_id, siparis_tarihi, tamamlanma_orani, urun_miktari, teslim_edilmis)) INTO diff
    FROM old_lines WHERE offer_id IS NOT NULL AND (tamamlanma_orani < 100 OR teslim_edilmis < urun_miktari);
  ELSE
    SELECT jsonb_agg(jsonb_build_array(s.sign, s.offer_id, s.at, s.pct, s.qty, s.delivered)) INTO diff
    FROM new_lines nw JOIN old_lines od ON od.id = nw.id
      CROSS JOIN LATERAL (VALUES (1, nw.offer_id, nw.siparis_tarihi, nw.tamamlanma_orani, nw.urun_miktari, nw.teslim_edilmis),
        (-1, od.offer_id, od.siparis_tarihi, od.tamamlanma_orani, od.urun_miktari, od.teslim_edilmis)) AS s(sign, offer_id, at, pct, qty, delivered)
    WHERE (nw.offer_id, (nw.siparis_tarihi AT TIME ZONE 'Europe/Istanbul')::date, nw.tamamlanma_orani < 100 OR nw.teslim_edilmis < nw.urun_miktari,
        greatest(round(nw.urun_miktari, 2) - round(nw.teslim_edilmis, 2), 0))
      IS DISTINCT FROM (od.offer_id, (od.siparis_tarihi AT TIME ZONE 'Europe/Istanbul')::date, od.tamamlanma_orani < 100 OR od.teslim_edilmis < od.urun_miktari,
        greatest(round(od.urun_miktari, 2) - round(od.teslim_edilmis, 2), 0))
      AND s.offer_id IS NOT NULL AND (s.pct < 100 OR s.delivered < s.qty);
  END IF;
  IF diff IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(DISTINCT e->>1 ORDER BY e->>1) INTO ids FROM jsonb_array_elements(diff) e;
  PERFORM 1 FROM offers WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;
  INSERT INTO order_open_days (day, n, units)
  SELECT f.day, sum(f.n), sum(f.units)
  FROM jsonb_array_elements(diff) e JOIN offers o ON o.id = e->>1
    CROSS JOIN LATERAL order_open_day_rows((e->>0)::integer, o.teklif_durumu, (e->>2)::timestamptz, (e->>3)::numeric, (e->>4)::numeric, (e->>5)::numeric) f
  GROUP BY 1
  HAVING sum(f.n) <> 0 OR sum(f.units) <> 0;
  RETURN NULL;
END $$;

CREATE TRIGGER order_open_days_insert AFTER INSERT ON public.order_items
  REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT
  EXECUTE FUNCTION order_open_days_track();

CREATE TRIGGER order_open_days_update AFTER UPDATE ON public.order_items
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines
  FOR EACH STATEMENT
  EXECUTE FUNCTION order_open_days_track();

CREATE TRIGGER order_open_days_delete AFTER DELETE ON public.order_items
  REFERENCING OLD TABLE AS old_lines
  FOR EACH STATEMENT
  EXECUTE FUNCTION order_open_days_track();

CREATE TRIGGER order_open_days_truncate AFTER TRUNCATE ON public.order_items
  FOR EACH STATEMENT
  EXECUTE FUNCTION order_open_days_track();

CREATE TRIGGER order_open_days_offers AFTER UPDATE ON public.offers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION order_open_days_track();

CREATE OR REPLACE FUNCTION order_open_days_fold() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE folded integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(727013) THEN RETURN 0; END IF;
  WITH gone AS (DELETE FROM order_open_days RETURNING day, n, units),
  kept AS (
    INSERT INTO order_open_days (day, n, units)
    SELECT day, sum(n), sum(units) FROM gone GROUP BY 1
    HAVING sum(n) <> 0 OR sum(units) <> 0
    RETURNING 1)
  SELECT (SELECT count(*) FROM gone) - (SELECT count(*) FROM kept) INTO folded;
  RETURN folded;
END $$;
