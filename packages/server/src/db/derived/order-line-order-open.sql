-- Whether each order line's order is in production: order_items.order_in_production = the line's offer is in status
-- 1-3 (false for a line without an offer, a stock production). The orders overview's most late lines and the cutoff
-- day's late count read the open lines of orders in production in date order from order_items_open_order_date_idx
-- (partial on order_in_production and the line open), none skipped, instead of joining every open line to its order
-- and skipping the lines of orders in other statuses (issue 27, ADR 0058). A flag, not the status itself: the offer's
-- status moves within 1-3 as its lines are finished and delivered (refreshOfferStatus), which must not rewrite the lines.
-- Column: order_items.order_in_production (migration 0047). Source: offers.teklif_durumu through order_items.offer_id.
-- Kept by: a BEFORE INSERT row trigger on order_items (and BEFORE UPDATE OF offer_id when the line's offer changes)
-- that reads the offer's status under the offer's row lock (FOR NO KEY UPDATE, the lock order_open_days_track takes
-- for a new open line), so an offer's status change and a new line never miss each other: the one that locks second
-- waits and then sees the other's write; and a statement trigger on offers (AFTER UPDATE, transition tables) that
-- writes the flag onto the lines of the offers that entered or left status 1-3 (an offer with lines cannot be deleted;
-- offers cannot be truncated while lines refer to them).
-- Refill: order_items_in_production_refill() (also run by every restore, backup.ts; the growth bench's copies copy
-- the flag with their offer's status, and its verifyDerived checks it).
-- Tests: modules/orders/line-order-open.test.ts (every line's flag equal to its order's status and the overview's late
-- figures equal to the rows after random writes; the late list and the cutoff day read with no line skipped; fails
-- with each trigger off), modules/orders/open-days.test.ts, db/derived.test.ts, backup/backup.test.ts.
-- refill: SELECT order_items_in_production_refill();

CREATE OR REPLACE FUNCTION order_items_in_production_refill() RETURNS void LANGUAGE sql AS $$
  UPDATE order_items l SET order_in_production = coalesce(o.teklif_durumu BETWEEN 1 AND 3, false) FROM offers o
  WHERE o.id = l.offer_id AND l.order_in_production <> coalesce(o.teklif_durumu BETWEEN 1 AND 3, false);
  UPDATE order_items SET order_in_production = false WHERE offer_id IS NULL AND order_in_production;
$$;

CREATE OR REPLACE FUNCTION order_items_in_production_set() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  status integer;
BEGIN
  IF new.offer_id IS NOT NULL THEN
    SELECT teklif_durumu INTO status FROM offers WHERE id = new.offer_id FOR NO KEY UPDATE;
  END IF;
  new.order_in_production := coalesce(status BETWEEN 1 AND 3, false);
  RETURN new;
END $$;

CREATE OR REPLACE FUNCTION order_items_in_production_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  SELECT array_agg(nw.id) INTO ids FROM new_rows nw JOIN old_rows od ON od.id = nw.id
  WHERE (nw.teklif_durumu BETWEEN 1 AND 3) IS DISTINCT FROM (od.teklif_durumu BETWEEN 1 AND 3);
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE order_items l SET order_in_production = coalesce(o.teklif_durumu BETWEEN 1 AND 3, false) FROM offers o
  WHERE o.id = ANY(ids) AND l.offer_id = o.id AND l.order_in_production <> coalesce(o.teklif_durumu BETWEEN 1 AND 3, false);
  RETURN NULL;
END $$;

CREATE TRIGGER order_items_in_production_insert BEFORE INSERT ON public.order_items
  FOR EACH ROW
  EXECUTE FUNCTION order_items_in_production_set();

CREATE TRIGGER order_items_in_production_update BEFORE UPDATE OF offer_id ON public.order_items
  FOR EACH ROW
  WHEN ((old.offer_id IS DISTINCT FROM new.offer_id))
  EXECUTE FUNCTION order_items_in_production_set();

CREATE TRIGGER order_items_in_production_offers AFTER UPDATE ON public.offers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION order_items_in_production_track();
