-- The key of each offer's list text in the API's row cache (ADR 0050): the first 16 bytes of the text's SHA-256.
-- The function is immutable (the database's encoding never changes), so a stored generated column may call it; its
-- current text is in src/db/derived/offer-list.sql (db/derived.test.ts MAY_DEFINE).
CREATE OR REPLACE FUNCTION offer_list_key(t text) RETURNS bytea LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT substring(sha256(convert_to(t, 'UTF8')) FROM 1 FOR 16)
$$;
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "list_key" "bytea" GENERATED ALWAYS AS (offer_list_key(list_json)) STORED;
