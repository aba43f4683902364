CREATE TABLE "contacts" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"company_id" text,
	"position" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(translate(name || ' ' || company || ' ' || email || ' ' || phone, 'ÇĞİIÖŞÜçğıöşüÂâÎîÛû', 'cgiiosucgiosuaaiiuu'))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_items" (
	"id" text PRIMARY KEY NOT NULL,
	"offer_id" text NOT NULL,
	"sira" integer DEFAULT 0 NOT NULL,
	"urun_id" text DEFAULT '' NOT NULL,
	"urun_resim" text DEFAULT '' NOT NULL,
	"urun_adi" text DEFAULT '' NOT NULL,
	"urun_kodu" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"urun_kdv" numeric(7, 2) DEFAULT '18' NOT NULL,
	"urun_miktari" numeric(20, 4) DEFAULT '0' NOT NULL,
	"urun_birimi" text DEFAULT 'Adet' NOT NULL,
	"urun_fiyati" numeric(20, 4) DEFAULT '0' NOT NULL,
	"urun_dovizi" text DEFAULT '$' NOT NULL,
	"order_type" text DEFAULT 'default' NOT NULL,
	"takeoff_from_stock" boolean DEFAULT false NOT NULL,
	"tamamlanma_orani" numeric(7, 2) DEFAULT '0' NOT NULL,
	"toplam_tl" numeric(20, 2) DEFAULT '0' NOT NULL,
	"toplam_doviz" numeric(20, 2) DEFAULT '0' NOT NULL,
	"toplam_kdv_tl" numeric(20, 2) DEFAULT '0' NOT NULL,
	"toplam_kdv_doviz" numeric(20, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"teklif_altbilgi" text DEFAULT '' NOT NULL,
	"teklif_notu" text DEFAULT '' NOT NULL,
	"teklif_dovizi" text DEFAULT '$' NOT NULL,
	"urun_kdv" numeric(7, 2) DEFAULT '18' NOT NULL,
	"teklif_tarih" boolean DEFAULT true NOT NULL,
	"teklif_kaseimza" boolean DEFAULT false NOT NULL,
	"teklif_kase" boolean DEFAULT false NOT NULL,
	"commercial_invoice" boolean DEFAULT false NOT NULL,
	"invoice_type" integer DEFAULT 0 NOT NULL,
	"mail_subject" text DEFAULT '' NOT NULL,
	"mail_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "offer_settings_single_ck" CHECK ("offer_settings"."id" = '1')
);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "invoice_type" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(firma_adi || ' ' || teklif_no || ' ' || teklif_konu || ' ' || teklif_referansno, 'ÇĞİIÖŞÜçğıöşüÂâÎîÛû', 'cgiiosucgiosuaaiiuu'))) STORED;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_items" ADD CONSTRAINT "offer_items_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_name_company_uq" ON "contacts" USING btree (lower("name"),lower("company"));--> statement-breakpoint
CREATE INDEX "offer_items_offer_idx" ON "offer_items" USING btree ("offer_id","sira");--> statement-breakpoint
CREATE INDEX "offer_items_urun_idx" ON "offer_items" USING btree ("urun_id");--> statement-breakpoint
CREATE INDEX "offers_date_idx" ON "offers" USING btree ("teklif_tarihi");