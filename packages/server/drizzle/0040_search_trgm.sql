-- The lists' search (a folded LIKE '%term%') by trigrams (ADR 0053). pg_trgm is a trusted extension (PostgreSQL 13+):
-- the database's owner may create it; the embedded server ships it. An external server needs the contrib package.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "offers_search_trgm_idx" ON "offers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_items_search_trgm_idx" ON "order_items" USING gin ("search_text" gin_trgm_ops);