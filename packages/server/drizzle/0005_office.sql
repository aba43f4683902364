CREATE TABLE "deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"company_id" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"product_id" text DEFAULT '' NOT NULL,
	"productname" text DEFAULT '' NOT NULL,
	"order_id" text,
	"orderitem_id" text,
	"qty" numeric(20, 4) DEFAULT '0' NOT NULL,
	"unit" text DEFAULT 'Adet' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" numeric(20, 2) DEFAULT '0' NOT NULL,
	"doviz" text DEFAULT '$' NOT NULL,
	"sum_price" numeric(20, 2) DEFAULT '0' NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"statusdescription" integer DEFAULT 0 NOT NULL,
	"deliverer" text DEFAULT '' NOT NULL,
	"receiver" text DEFAULT '' NOT NULL,
	"component_type" text DEFAULT 'default' NOT NULL,
	"movement_id" text,
	"modified_date" timestamp with time zone,
	"modified_user" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "deliveries_status_ck" CHECK ("deliveries"."status" between 0 and 2),
	CONSTRAINT "deliveries_statusdescription_ck" CHECK ("deliveries"."statusdescription" between 0 and 4)
);
--> statement-breakpoint
CREATE TABLE "my_company" (
	"id" text PRIMARY KEY NOT NULL,
	"sirket_adi" text NOT NULL,
	"sirket_adres" text DEFAULT '' NOT NULL,
	"sirket_ilce" text DEFAULT '' NOT NULL,
	"sirket_il" text DEFAULT '' NOT NULL,
	"sirket_ulke" text NOT NULL,
	"sirket_pk" text DEFAULT '' NOT NULL,
	"sirket_email" text DEFAULT '' NOT NULL,
	"sirket_email2" text DEFAULT '' NOT NULL,
	"sirket_web" text DEFAULT '' NOT NULL,
	"sirket_tel" text DEFAULT '' NOT NULL,
	"sirket_fax" text DEFAULT '' NOT NULL,
	"sirket_vergidairesi" text DEFAULT '' NOT NULL,
	"sirket_vergino" text DEFAULT '' NOT NULL,
	"sirket_rapor_logo" text DEFAULT '' NOT NULL,
	"sirket_kase" text DEFAULT '' NOT NULL,
	"sirket_kaseimza" text DEFAULT '' NOT NULL,
	"bwlogo" text DEFAULT '' NOT NULL,
	"qc_questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"certificates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"banks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "my_company_single_ck" CHECK ("my_company"."id" = '1')
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" text PRIMARY KEY NOT NULL,
	"teklif_no" text NOT NULL,
	"teklif_yil" integer NOT NULL,
	"teklif_sira" integer NOT NULL,
	"firma_id" text,
	"firma_adi" text DEFAULT '' NOT NULL,
	"firma_adres" text DEFAULT '' NOT NULL,
	"firma_ilce" text DEFAULT '' NOT NULL,
	"firma_il" text DEFAULT '' NOT NULL,
	"firma_ulke" text DEFAULT '' NOT NULL,
	"firma_eposta" text DEFAULT '' NOT NULL,
	"buyer_phone" text DEFAULT '' NOT NULL,
	"related_person" text DEFAULT '' NOT NULL,
	"teklif_tarihi" timestamp with time zone DEFAULT now() NOT NULL,
	"teklif_konu" text DEFAULT '' NOT NULL,
	"teklif_notu" text DEFAULT '' NOT NULL,
	"teklif_altbilgi" text DEFAULT '' NOT NULL,
	"teklif_referansno" text DEFAULT '' NOT NULL,
	"teklif_durumu" integer DEFAULT 0 NOT NULL,
	"teklif_dovizi" text DEFAULT '$' NOT NULL,
	"teklif_usdkur" numeric(20, 6),
	"teklif_eurkur" numeric(20, 6),
	"teklif_tarih" boolean DEFAULT true NOT NULL,
	"teklif_kase" boolean DEFAULT false NOT NULL,
	"teklif_kaseimza" boolean DEFAULT false NOT NULL,
	"commercial_invoice" integer DEFAULT 0 NOT NULL,
	"teklif_sevkadresi" text DEFAULT '' NOT NULL,
	"order_tracking_email" text DEFAULT '' NOT NULL,
	"offer_creator_user" text DEFAULT '' NOT NULL,
	"offer_modified_user" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'office' NOT NULL,
	"siparis_tarihi" timestamp with time zone,
	"teklif_tutartl" numeric(20, 2) DEFAULT '0' NOT NULL,
	"teklif_tutardoviz" numeric(20, 2) DEFAULT '0' NOT NULL,
	"teklif_kdvtl" numeric(20, 2) DEFAULT '0' NOT NULL,
	"teklif_kdvdoviz" numeric(20, 2) DEFAULT '0' NOT NULL,
	"teklif_gtoplamtl" numeric(20, 2) DEFAULT '0' NOT NULL,
	"teklif_gtoplamdoviz" numeric(20, 2) DEFAULT '0' NOT NULL,
	"offeritem" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "offers_status_ck" CHECK ("offers"."teklif_durumu" between 0 and 4)
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" text PRIMARY KEY NOT NULL,
	"offer_id" text,
	"product_id" text,
	"urun_adi" text DEFAULT '' NOT NULL,
	"urun_miktari" numeric(20, 4) DEFAULT '0' NOT NULL,
	"urun_birimi" text DEFAULT 'Adet' NOT NULL,
	"siparis_tarihi" timestamp with time zone DEFAULT now() NOT NULL,
	"siparis_durumu" integer DEFAULT 1 NOT NULL,
	"tamamlanma_orani" numeric(7, 2) DEFAULT '0' NOT NULL,
	"teslim_edilmis" numeric(20, 4) DEFAULT '0' NOT NULL,
	"baslama_tarihi" timestamp with time zone,
	"bitis_tarihi" timestamp with time zone,
	"order_type" text DEFAULT 'default' NOT NULL,
	"ready" boolean DEFAULT false NOT NULL,
	"operations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tcmb_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"tarih" date NOT NULL,
	"bulletin_no" text DEFAULT '' NOT NULL,
	"usd_selling" numeric(20, 6),
	"usd_buying" numeric(20, 6),
	"eur_selling" numeric(20, 6),
	"eur_buying" numeric(20, 6),
	"currencies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "todos" (
	"id" text PRIMARY KEY NOT NULL,
	"person_id" text,
	"for_role" integer,
	"person" text DEFAULT '' NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"task" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_firma_id_companies_id_fk" FOREIGN KEY ("firma_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todos" ADD CONSTRAINT "todos_person_id_users_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliveries_company_idx" ON "deliveries" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "deliveries_order_idx" ON "deliveries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "deliveries_orderitem_idx" ON "deliveries" USING btree ("orderitem_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_no_uq" ON "offers" USING btree ("teklif_no");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_year_seq_uq" ON "offers" USING btree ("teklif_yil","teklif_sira");--> statement-breakpoint
CREATE INDEX "offers_status_idx" ON "offers" USING btree ("teklif_durumu","teklif_tarihi");--> statement-breakpoint
CREATE INDEX "offers_firma_idx" ON "offers" USING btree ("firma_id","teklif_tarihi");--> statement-breakpoint
CREATE INDEX "order_items_offer_idx" ON "order_items" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "order_items_status_idx" ON "order_items" USING btree ("siparis_durumu");--> statement-breakpoint
CREATE UNIQUE INDEX "tcmb_rates_tarih_uq" ON "tcmb_rates" USING btree ("tarih");--> statement-breakpoint
CREATE INDEX "todos_person_idx" ON "todos" USING btree ("person_id","date");--> statement-breakpoint
CREATE INDEX "todos_role_idx" ON "todos" USING btree ("for_role","date");