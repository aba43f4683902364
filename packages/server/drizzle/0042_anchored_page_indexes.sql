DROP INDEX "offers_open_order_date_idx";--> statement-breakpoint
CREATE INDEX "offers_open_order_no_idx" ON "offers" USING btree ("teklif_no","id") WHERE teklif_durumu between 1 and 3;--> statement-breakpoint
CREATE INDEX "offers_open_order_firma_idx" ON "offers" USING btree ("firma_adi","id") WHERE teklif_durumu between 1 and 3;--> statement-breakpoint
CREATE INDEX "order_items_date_idx" ON "order_items" USING btree ("siparis_tarihi","id");--> statement-breakpoint
CREATE INDEX "offers_open_order_date_idx" ON "offers" USING btree (coalesce("siparis_tarihi", 'infinity'::timestamptz),"id") WHERE teklif_durumu between 1 and 3;