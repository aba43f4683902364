DROP INDEX "order_items_open_date_idx";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "offer_status" integer;--> statement-breakpoint
-- The order's status on its lines before the index is built (ADR 0058); derived/order-line-offer-status.sql keeps it from now on.
UPDATE "order_items" l SET "offer_status" = o."teklif_durumu" FROM "offers" o WHERE o."id" = l."offer_id";--> statement-breakpoint
CREATE INDEX "order_items_open_order_date_idx" ON "order_items" USING btree ("siparis_tarihi","id") WHERE "order_items"."offer_status" between 1 and 3 and ("order_items"."tamamlanma_orani" < 100 or "order_items"."teslim_edilmis" < "order_items"."urun_miktari");
