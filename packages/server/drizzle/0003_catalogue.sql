CREATE TABLE "material_movements" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "material_movements_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" text,
	"orderitem_id" text,
	"ref_id" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"reverses_id" text,
	"operation_date" timestamp with time zone NOT NULL,
	"operation_center" text NOT NULL,
	"operation_type" text NOT NULL,
	"qty" numeric(20, 4) NOT NULL,
	"unit" text DEFAULT 'Adet' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" numeric(18, 4) DEFAULT '0' NOT NULL,
	"doviz" text DEFAULT '$' NOT NULL,
	"sum_qty" numeric(20, 4) NOT NULL,
	"sum_price" numeric(20, 2) NOT NULL,
	"person" text DEFAULT '' NOT NULL,
	"person_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"stock_id" text NOT NULL,
	"stock_name" text DEFAULT '' NOT NULL,
	"stock_category" text DEFAULT '' NOT NULL,
	"stock_group" text DEFAULT '' NOT NULL,
	CONSTRAINT "material_movements_type_ck" CHECK ("material_movements"."operation_type" in ('giris', 'cikis')),
	CONSTRAINT "material_movements_source_ck" CHECK ("material_movements"."source" in ('manual', 'production', 'delivery', 'purchase'))
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" text PRIMARY KEY NOT NULL,
	"material_no" integer DEFAULT 1 NOT NULL,
	"material_name" text NOT NULL,
	"material_category" text NOT NULL,
	"material_group" text NOT NULL,
	"material_unit" text DEFAULT 'Adet' NOT NULL,
	"material_price" numeric(18, 4) DEFAULT '0' NOT NULL,
	"material_doviz" text DEFAULT '$' NOT NULL,
	"material_img" text DEFAULT '' NOT NULL,
	"stock_sum" numeric(20, 4) DEFAULT '0' NOT NULL,
	"stock_in" numeric(20, 4) DEFAULT '0' NOT NULL,
	"stock_out" numeric(20, 4) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "models" (
	"id" text PRIMARY KEY NOT NULL,
	"model_sira" integer DEFAULT 0 NOT NULL,
	"model_adi_tr" text NOT NULL,
	"model_adi_en" text DEFAULT '-' NOT NULL,
	"model_kodu" text NOT NULL,
	"model_aciklama_tr" text DEFAULT '-' NOT NULL,
	"model_aciklama_en" text DEFAULT '-' NOT NULL,
	"model_birimi" text DEFAULT 'Adet' NOT NULL,
	"model_kdv" text DEFAULT '18' NOT NULL,
	"model_kategori" integer NOT NULL,
	"model_durumu" boolean DEFAULT true NOT NULL,
	"model_etiket" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"certificates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"model_resim" text DEFAULT '' NOT NULL,
	"model_downloads" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"model_features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"productiondetail" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "models_kategori_ck" CHECK ("models"."model_kategori" between 0 and 8)
);
--> statement-breakpoint
CREATE TABLE "product_movements" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "product_movements_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" text,
	"orderitem_id" text,
	"ref_id" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"reverses_id" text,
	"operation_date" timestamp with time zone NOT NULL,
	"operation_center" text NOT NULL,
	"operation_type" text NOT NULL,
	"qty" numeric(20, 4) NOT NULL,
	"unit" text DEFAULT 'Adet' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" numeric(18, 4) DEFAULT '0' NOT NULL,
	"doviz" text DEFAULT '$' NOT NULL,
	"sum_qty" numeric(20, 4) NOT NULL,
	"sum_price" numeric(20, 2) NOT NULL,
	"person" text DEFAULT '' NOT NULL,
	"person_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"product_id" text NOT NULL,
	"productname" text DEFAULT '' NOT NULL,
	CONSTRAINT "product_movements_type_ck" CHECK ("product_movements"."operation_type" in ('giris', 'cikis')),
	CONSTRAINT "product_movements_source_ck" CHECK ("product_movements"."source" in ('manual', 'production', 'delivery', 'purchase'))
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"urun_sira" integer DEFAULT 0 NOT NULL,
	"urun_adi_tr" text NOT NULL,
	"urun_adi_en" text DEFAULT '-' NOT NULL,
	"model_id" text NOT NULL,
	"model_sira" integer DEFAULT 0 NOT NULL,
	"model_category" integer NOT NULL,
	"urun_kodu" text DEFAULT '' NOT NULL,
	"urun_guc" double precision DEFAULT 0 NOT NULL,
	"urun_lumen" double precision DEFAULT 0 NOT NULL,
	"urun_kapasite" double precision DEFAULT 0 NOT NULL,
	"urun_voltaj" double precision DEFAULT 0 NOT NULL,
	"urun_durumu" boolean DEFAULT true NOT NULL,
	"urun_doviz" text DEFAULT '$' NOT NULL,
	"urun_fiyat" numeric(18, 4) DEFAULT '0' NOT NULL,
	"urun_panel" double precision DEFAULT 0 NOT NULL,
	"urun_aku" double precision DEFAULT 0 NOT NULL,
	"urun_cct" text DEFAULT 'XXXX' NOT NULL,
	"urun_optik" text DEFAULT 'XX' NOT NULL,
	"product_dimensions" text DEFAULT 'XX-XX-XX mm' NOT NULL,
	"product_weight" double precision DEFAULT 0 NOT NULL,
	"technical_drawing" text DEFAULT '' NOT NULL,
	"product_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_downloads" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"urun_ozellikler" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"production" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stock_sum" numeric(20, 4) DEFAULT '0' NOT NULL,
	"stock_in" numeric(20, 4) DEFAULT '0' NOT NULL,
	"stock_out" numeric(20, 4) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "material_movements" ADD CONSTRAINT "material_movements_stock_id_materials_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."materials"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_movements" ADD CONSTRAINT "product_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "material_movements_ledger_idx" ON "material_movements" USING btree ("stock_id","operation_date","seq");--> statement-breakpoint
CREATE INDEX "material_movements_order_idx" ON "material_movements" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "material_movements_orderitem_idx" ON "material_movements" USING btree ("orderitem_id");--> statement-breakpoint
CREATE INDEX "material_movements_ref_idx" ON "material_movements" USING btree ("ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "material_movements_reverses_uq" ON "material_movements" USING btree ("reverses_id") WHERE "material_movements"."reverses_id" is not null;--> statement-breakpoint
CREATE INDEX "materials_name_idx" ON "materials" USING btree (lower("material_name"));--> statement-breakpoint
CREATE INDEX "materials_category_idx" ON "materials" USING btree ("material_category","material_group");--> statement-breakpoint
CREATE INDEX "materials_no_idx" ON "materials" USING btree ("material_no");--> statement-breakpoint
CREATE INDEX "models_sira_idx" ON "models" USING btree ("model_sira");--> statement-breakpoint
CREATE INDEX "models_kategori_idx" ON "models" USING btree ("model_kategori","model_sira");--> statement-breakpoint
CREATE INDEX "models_kodu_idx" ON "models" USING btree (lower("model_kodu"));--> statement-breakpoint
CREATE INDEX "models_adi_tr_idx" ON "models" USING btree (lower("model_adi_tr"));--> statement-breakpoint
CREATE INDEX "product_movements_ledger_idx" ON "product_movements" USING btree ("product_id","operation_date","seq");--> statement-breakpoint
CREATE INDEX "product_movements_order_idx" ON "product_movements" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "product_movements_orderitem_idx" ON "product_movements" USING btree ("orderitem_id");--> statement-breakpoint
CREATE INDEX "product_movements_ref_idx" ON "product_movements" USING btree ("ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_movements_reverses_uq" ON "product_movements" USING btree ("reverses_id") WHERE "product_movements"."reverses_id" is not null;--> statement-breakpoint
CREATE INDEX "products_model_idx" ON "products" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "products_sira_idx" ON "products" USING btree ("urun_sira");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("model_category","urun_sira");--> statement-breakpoint
CREATE INDEX "products_kodu_idx" ON "products" USING btree (lower("urun_kodu"));--> statement-breakpoint
CREATE INDEX "products_adi_tr_idx" ON "products" USING btree (lower("urun_adi_tr"));--> statement-breakpoint
CREATE INDEX "products_public_idx" ON "products" USING btree ("urun_durumu","model_category");--> statement-breakpoint
CREATE INDEX "products_guc_idx" ON "products" USING btree ("urun_guc");--> statement-breakpoint
CREATE INDEX "products_fiyat_idx" ON "products" USING btree ("urun_fiyat");--> statement-breakpoint
CREATE INDEX "products_production_idx" ON "products" USING gin ("production" jsonb_path_ops);