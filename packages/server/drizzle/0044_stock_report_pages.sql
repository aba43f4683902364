CREATE TABLE "material_stock_sums" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "material_stock_sums_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"category" text NOT NULL,
	"unit" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"stock" numeric DEFAULT '0' NOT NULL,
	"avg_value" numeric DEFAULT '0' NOT NULL,
	"usd_price" numeric DEFAULT '0' NOT NULL,
	"eur_price" numeric DEFAULT '0' NOT NULL,
	"try_value" numeric DEFAULT '0' NOT NULL,
	"below" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "materials_below_min_idx" ON "materials" USING btree (("min_stock" - "stock_sum") desc,"material_name","id") WHERE "materials"."min_stock" is not null and "materials"."stock_sum" < "materials"."min_stock";--> statement-breakpoint
CREATE INDEX "materials_unmoved_idx" ON "materials" USING btree ("last_movement_at" NULLS FIRST,"id") WHERE "materials"."stock_sum" > 0;