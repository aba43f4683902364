ALTER TABLE "order_items" ADD COLUMN "urun_adi_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Lines made before the pair: a line still named as its offer item takes the item's English name (migration 0023) ...
UPDATE "order_items" AS oi SET "urun_adi_en" = it."urun_adi_en" FROM "offer_items" AS it
  WHERE it."id" = oi."offer_item_id" AND it."offer_id" = oi."offer_id" AND oi."product_id" IS NOT DISTINCT FROM nullif(it."urun_id", '')
    AND it."urun_adi_en" <> '' AND oi."urun_adi" = it."urun_adi";--> statement-breakpoint
-- ... and a line still named as its product in Turkish (a stock production line, or an item without the English name) takes the product's.
UPDATE "order_items" AS oi SET "urun_adi_en" = p."urun_adi_en" FROM "products" AS p
  WHERE p."id" = oi."product_id" AND oi."urun_adi_en" = '' AND oi."order_type" <> 'material' AND btrim(p."urun_adi_en") NOT IN ('', '-') AND oi."urun_adi" = p."urun_adi_tr";
