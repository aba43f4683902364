ALTER TABLE "order_items" ADD COLUMN "offer_item_id" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "urun_kodu" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "urun_resim" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "firma_adi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "urun_fiyati" numeric(20, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "urun_dovizi" text DEFAULT '$' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "urun_kdv" numeric(7, 2) DEFAULT '18' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "toplam_tl" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "toplam_doviz" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "toplam_kdv_tl" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "toplam_kdv_doviz" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "refreshcomponentlist" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(urun_adi || ' ' || (urun_kodu::text) || ' ' || firma_adi, 'ÇĞİIÖŞÜçğıöşüÂâÎîÛû', 'cgiiosucgiosuaaiiuu'))) STORED;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_offer_item_id_offer_items_id_fk" FOREIGN KEY ("offer_item_id") REFERENCES "public"."offer_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_status_date_idx" ON "order_items" USING btree ("siparis_durumu","siparis_tarihi","id");--> statement-breakpoint
CREATE INDEX "order_items_offer_item_idx" ON "order_items" USING btree ("offer_item_id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_status_ck" CHECK ("order_items"."siparis_durumu" between 1 and 6);