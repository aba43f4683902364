-- Each offer's list row as JSON text, and its number of items (ADR 0034 addendum, issue 27): a page of the offer list
-- (1,000 rows for the spec's client) is the page's stored texts joined by PostgreSQL, not 1,000 rows of 22 fields
-- parsed, rounded and serialised again by the API. Fields and order of offerListRowSchema, as the route's serializer
-- writes them; decimals without trailing zeros; dates in toISOString's form.
-- Columns: offers.list_json, offers.item_count (migration 0033); offers.list_key, the text's cache key (migration 0039). Source: the offer's own columns; offer_items (the count).
-- Kept by: a BEFORE INSERT OR UPDATE row trigger on offers (the text, from the row with its count); statement triggers
-- on offer_items (insert, delete), a row trigger when an item changes offer, truncate (the count: each updates the
-- offer, whose BEFORE trigger writes its text again). Refill: offer_list_refill(); a restore runs
-- offer_list_refill_missing() (rows without text: a backup made before migration 0033).
-- Tests: modules/offers/offers.test.ts, backup/backup.test.ts, db/derived.test.ts.
-- refill: SELECT offer_list_refill();

CREATE OR REPLACE FUNCTION offer_list_json(o offers) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT row_to_json(x)::text FROM (SELECT o.id AS "_id", o.firma_id, o.firma_adi, o.related_person,
    to_char(o.teklif_tarihi AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS teklif_tarihi, o.teklif_konu, o.teklif_no,
    o.teklif_referansno, o.teklif_durumu, o.teklif_dovizi, o.offer_creator_user, o.source,
    to_char(o.siparis_tarihi AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS siparis_tarihi,
    to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_date, o.version AS "__v",
    trim_scale(o.teklif_tutartl) AS teklif_tutartl, trim_scale(o.teklif_tutardoviz) AS teklif_tutardoviz, trim_scale(o.teklif_kdvtl) AS teklif_kdvtl,
    trim_scale(o.teklif_kdvdoviz) AS teklif_kdvdoviz, trim_scale(o.teklif_gtoplamtl) AS teklif_gtoplamtl,
    trim_scale(o.teklif_gtoplamdoviz) AS teklif_gtoplamdoviz, o.item_count AS "itemCount") x
$$;

-- The key of the text in the API's cache of list rows (ADR 0050): a stored generated column, offers.list_key, made by
-- migration 0039 (which creates this function first: a generated column needs it), so it follows the text whatever
-- writes it (this trigger, the refills, a restore).
CREATE OR REPLACE FUNCTION offer_list_key(t text) RETURNS bytea LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT substring(sha256(convert_to(t, 'UTF8')) FROM 1 FOR 16)
$$;

CREATE OR REPLACE FUNCTION offer_list_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_json := offer_list_json(NEW);
  RETURN NEW;
END
$$;

CREATE TRIGGER offers_list_json BEFORE INSERT OR UPDATE ON public.offers
  FOR EACH ROW
  EXECUTE FUNCTION offer_list_row();

CREATE OR REPLACE FUNCTION offer_item_count_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE offers SET item_count = 0 WHERE item_count <> 0;
  ELSIF TG_LEVEL = 'ROW' THEN
    -- an item moved to another offer
    UPDATE offers SET item_count = item_count - 1 WHERE id = OLD.offer_id;
    UPDATE offers SET item_count = item_count + 1 WHERE id = NEW.offer_id;
  ELSIF TG_OP = 'INSERT' THEN
    UPDATE offers o SET item_count = o.item_count + d.n
      FROM (SELECT offer_id, count(*)::int AS n FROM added_items GROUP BY offer_id) d WHERE o.id = d.offer_id;
  ELSE
    UPDATE offers o SET item_count = o.item_count - d.n
      FROM (SELECT offer_id, count(*)::int AS n FROM removed_items GROUP BY offer_id) d WHERE o.id = d.offer_id;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER offer_items_count_insert AFTER INSERT ON public.offer_items
  REFERENCING NEW TABLE AS added_items
  FOR EACH STATEMENT
  EXECUTE FUNCTION offer_item_count_track();

CREATE TRIGGER offer_items_count_delete AFTER DELETE ON public.offer_items
  REFERENCING OLD TABLE AS removed_items
  FOR EACH STATEMENT
  EXECUTE FUNCTION offer_item_count_track();

CREATE TRIGGER offer_items_count_move AFTER UPDATE OF offer_id ON public.offer_items
  FOR EACH ROW
  WHEN ((old.offer_id IS DISTINCT FROM new.offer_id))
  EXECUTE FUNCTION offer_item_count_track();

CREATE TRIGGER offer_items_count_truncate AFTER TRUNCATE ON public.offer_items
  FOR EACH STATEMENT
  EXECUTE FUNCTION offer_item_count_track();

-- Both columns afresh; the text is written here too, so a refill with the triggers off (a restore) fills it as well.
CREATE OR REPLACE FUNCTION offer_list_refill() RETURNS void LANGUAGE sql AS $$
  UPDATE offers o SET item_count = (SELECT count(*) FROM offer_items i WHERE i.offer_id = o.id);
  UPDATE offers o SET list_json = offer_list_json(o);
$$;

CREATE OR REPLACE FUNCTION offer_list_refill_missing() RETURNS void LANGUAGE sql AS $$
  UPDATE offers o SET item_count = (SELECT count(*) FROM offer_items i WHERE i.offer_id = o.id) WHERE o.list_json IS NULL;
  UPDATE offers o SET list_json = offer_list_json(o) WHERE o.list_json IS NULL;
$$;
