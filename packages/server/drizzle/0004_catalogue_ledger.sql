CREATE TABLE "material_ledger_days" (
	"stock_id" text NOT NULL,
	"day" date NOT NULL,
	"sum_qty" numeric(20, 4) DEFAULT '0' NOT NULL,
	"moves" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "material_ledger_days_stock_id_day_pk" PRIMARY KEY("stock_id","day")
);
--> statement-breakpoint
CREATE TABLE "product_ledger_days" (
	"product_id" text NOT NULL,
	"day" date NOT NULL,
	"sum_qty" numeric(20, 4) DEFAULT '0' NOT NULL,
	"moves" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_ledger_days_product_id_day_pk" PRIMARY KEY("product_id","day")
);
--> statement-breakpoint
DROP INDEX "products_sira_idx";--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "stock_moves" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "model_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "model_name_tr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(urun_adi_tr || ' ' || urun_adi_en || ' ' || urun_kodu || ' ' || model_code, 'ÇĞİIÖŞÜçğıöşüÂâÎîÛû', 'cgiiosucgiosuaaiiuu'))) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "public_search" text GENERATED ALWAYS AS (lower(translate(urun_adi_tr || ' ' || model_name_tr, 'ÇĞİIÖŞÜçğıöşüÂâÎîÛû', 'cgiiosucgiosuaaiiuu'))) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_moves" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "material_ledger_days" ADD CONSTRAINT "material_ledger_days_stock_id_materials_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_ledger_days" ADD CONSTRAINT "product_ledger_days_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_public_category_idx" ON "products" USING btree ("model_category","model_sira","urun_sira","id") WHERE "products"."urun_durumu";--> statement-breakpoint
CREATE INDEX "products_public_guc_idx" ON "products" USING btree ("urun_guc","model_category","model_sira","urun_sira","id") WHERE "products"."urun_durumu";--> statement-breakpoint
CREATE INDEX "products_public_fiyat_idx" ON "products" USING btree ("urun_fiyat","model_category","model_sira","urun_sira","id") WHERE "products"."urun_durumu";--> statement-breakpoint
CREATE INDEX "products_sira_idx" ON "products" USING btree ("urun_sira","id");--> statement-breakpoint
UPDATE "products" p SET "model_code" = m."model_kodu", "model_name_tr" = m."model_adi_tr" FROM "models" m WHERE m."id" = p."model_id";--> statement-breakpoint
UPDATE "materials" o SET "stock_moves" = (SELECT count(*) FROM "material_movements" m WHERE m."stock_id" = o."id");--> statement-breakpoint
UPDATE "products" o SET "stock_moves" = (SELECT count(*) FROM "product_movements" m WHERE m."product_id" = o."id");--> statement-breakpoint
INSERT INTO "material_ledger_days" ("stock_id", "day", "sum_qty", "moves")
  SELECT "stock_id", ("operation_date" AT TIME ZONE 'UTC')::date, sum("sum_qty"), count(*) FROM "material_movements" GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "product_ledger_days" ("product_id", "day", "sum_qty", "moves")
  SELECT "product_id", ("operation_date" AT TIME ZONE 'UTC')::date, sum("sum_qty"), count(*) FROM "product_movements" GROUP BY 1, 2;
