-- The order's status on each of its lines: order_items.offer_status = the status (teklif_durumu) of the line's offer,
-- null for a line without one (a stock production). The orders overview's most late lines and the cutoff day's late
-- count read the open lines of orders in status 1-3 in date order from order_items_open_order_date_idx (partial on
-- offer_status between 1 and 3 and the line open), none skipped, instead of joining every open line to its order and
-- skipping the lines of orders in other statuses (issue 27, ADR 0058).
-- Column: order_items.offer_status (migration 0046). Source: offers.teklif_durumu through order_items.offer_id.
-- Kept by: a BEFORE INSERT row trigger on order_items (and BEFORE UPDATE OF offer_id when the line's offer changes)
-- that reads the offer's status under the offer's row lock (FOR NO KEY UPDATE, the lock order_open_days_track takes
-- for a new open line), so an offer's status change and a new line never miss each other: the one that locks second
-- waits and then sees the other's write; and a statement trigger on offers (AFTER UPDATE, transition tables) that
-- writes the new status onto the lines of the offers whose status changed (an offer with lines cannot be deleted;
-- offers cannot be truncated while lines refer to them).
-- Refill: order_items_offer_status_refill() (also run by every restore, backup.ts, and by nothing else: the copies of
-- the growth bench copy the column with their offer's status).
-- Tests: modules/orders/line-offer-status.test.ts (every line's offer_status equal to its offer's status and the
-- overview's late figures equal to the rows after random writes; the late list read from the index with no line
-- skipped; fails with each trigger off), modules/orders/open-days.test.ts, db/derived.test.ts, backup/backup.test.ts.
-- refill: SELECT order_items_offer_status_refill();

CREATE OR REPLACE FUNCTION order_items_offer_status_refill() RETURNS void LANGUAGE sql AS $$
  UPDATE order_items l SET offer_status = o.teklif_durumu FROM offers o
  WHERE o.id = l.offer_id AND l.offer_status IS DISTINCT FROM o.teklif_durumu;
  UPDATE order_items SET offer_status = NULL WHERE offer_id IS NULL AND offer_status IS NOT NULL;
$$;

CREATE OR REPLACE FUNCTION order_items_offer_status_set() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF new.offer_id IS NULL THEN
    new.offer_status := NULL;
  ELSE
    SELECT teklif_durumu INTO new.offer_status FROM offers WHERE id = new.offer_id FOR NO KEY UPDATE;
  END IF;
  RETURN new;
END $$;

CREATE OR REPLACE FUNCTION order_items_offer_status_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  SELECT array_agg(nw.id) INTO ids FROM new_rows nw JOIN old_rows od ON od.id = nw.id
  WHERE nw.teklif_durumu IS DISTINCT FROM od.teklif_durumu;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE order_items l SET offer_status = o.teklif_durumu FROM offers o
  WHERE o.id = ANY(ids) AND l.offer_id = o.id AND l.offer_status IS DISTINCT FROM o.teklif_durumu;
  RETURN NULL;
END $$;

CREATE TRIGGER order_items_offer_status_insert BEFORE INSERT ON public.order_items
  FOR EACH ROW
  EXECUTE FUNCTION order_items_offer_status_set();

CREATE TRIGGER order_items_offer_status_update BEFORE UPDATE OF offer_id ON public.order_items
  FOR EACH ROW
  WHEN ((old.offer_id IS DISTINCT FROM new.offer_id))
  EXECUTE FUNCTION order_items_offer_status_set();

CREATE TRIGGER order_items_offer_status_offers AFTER UPDATE ON public.offers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION order_items_offer_status_track();
