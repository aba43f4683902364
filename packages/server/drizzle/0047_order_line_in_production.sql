DROP INDEX "order_items_open_date_idx";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "order_in_production" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Whether each line's order is in production, set before the index is built (ADR 0058); derived/order-line-order-open.sql keeps it from now on.
UPDATE "order_items" l SET "order_in_production" = true FROM "offers" o WHERE o."id" = l."offer_id" AND o."teklif_durumu" BETWEEN 1 AND 3;--> statement-breakpoint
CREATE INDEX "order_items_open_order_date_idx" ON "order_items" USING btree ("siparis_tarihi","id") WHERE "order_items"."order_in_production" and ("order_items"."tamamlanma_orani" < 100 or "order_items"."teslim_edilmis" < "order_items"."urun_miktari");
