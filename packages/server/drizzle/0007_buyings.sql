CREATE TABLE "buyings" (
	"id" text PRIMARY KEY NOT NULL,
	"tedarikci_id" text,
	"tedarikci_adi" text DEFAULT '' NOT NULL,
	"tedarikci_eposta" text DEFAULT '' NOT NULL,
	"material_id" text NOT NULL,
	"material_name" text DEFAULT '' NOT NULL,
	"material_category" text DEFAULT '' NOT NULL,
	"material_group" text DEFAULT '' NOT NULL,
	"material_qty" numeric(20, 4) NOT NULL,
	"material_unit" text DEFAULT 'Adet' NOT NULL,
	"material_doviz" text DEFAULT '$' NOT NULL,
	"material_price" numeric(18, 4) DEFAULT '0' NOT NULL,
	"usd_kur" numeric(20, 6),
	"eur_kur" numeric(20, 6),
	"doviz_total" numeric(20, 2),
	"tl_total" numeric(20, 2),
	"satinalma_durumu" integer DEFAULT 0 NOT NULL,
	"siparis_no" text DEFAULT '' NOT NULL,
	"siparis_notu" text DEFAULT '' NOT NULL,
	"siparis_tarihi" timestamp with time zone,
	"talep_tarihi" timestamp with time zone DEFAULT now() NOT NULL,
	"teslim_tarihi" timestamp with time zone,
	"creator_user" text DEFAULT '' NOT NULL,
	"creator_id" text,
	"modified_user" text DEFAULT '' NOT NULL,
	"modified_date" timestamp with time zone,
	"related_person" text DEFAULT '' NOT NULL,
	"related_person_email" text DEFAULT '' NOT NULL,
	"movement_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "buyings_status_ck" CHECK ("buyings"."satinalma_durumu" between 0 and 4)
);
--> statement-breakpoint
ALTER TABLE "buyings" ADD CONSTRAINT "buyings_tedarikci_id_companies_id_fk" FOREIGN KEY ("tedarikci_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyings" ADD CONSTRAINT "buyings_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buyings_status_idx" ON "buyings" USING btree ("satinalma_durumu","talep_tarihi");--> statement-breakpoint
CREATE INDEX "buyings_material_idx" ON "buyings" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "buyings_supplier_idx" ON "buyings" USING btree ("tedarikci_id");--> statement-breakpoint
CREATE UNIQUE INDEX "material_movements_purchase_uq" ON "material_movements" USING btree ("ref_id") WHERE "material_movements"."source" = 'purchase' and "material_movements"."reverses_id" is null;