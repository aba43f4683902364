ALTER TABLE "offer_items" ADD COLUMN "urun_adi_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Items stored before the pair: an item still named as its product in Turkish takes the product's English name.
UPDATE "offer_items" AS oi SET "urun_adi_en" = p."urun_adi_en" FROM "products" AS p
  WHERE p."id" = oi."urun_id" AND oi."order_type" <> 'material' AND p."urun_adi_en" <> '-' AND oi."urun_adi" = p."urun_adi_tr";
