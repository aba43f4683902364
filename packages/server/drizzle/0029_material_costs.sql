CREATE TABLE "material_cost_history" (
	"id" text PRIMARY KEY NOT NULL,
	"stock_id" text NOT NULL,
	"event" text NOT NULL,
	"movement_id" text,
	"buying_id" text,
	"operation_date" timestamp with time zone NOT NULL,
	"qty" numeric(20, 4),
	"unit_cost" numeric,
	"stock_before" numeric(20, 4),
	"avg_before" numeric(24, 6),
	"avg_after" numeric(24, 6),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "material_cost_history_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1)
);
--> statement-breakpoint
CREATE TABLE "material_costs" (
	"stock_id" text PRIMARY KEY NOT NULL,
	"avg_cost" numeric(24, 6) NOT NULL,
	"receipts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material_movement_costs" (
	"movement_id" text PRIMARY KEY NOT NULL,
	"stock_id" text NOT NULL,
	"unit_cost" numeric,
	"basis" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_movement_costs" (
	"movement_id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"unit_cost" numeric,
	"basis" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "material_cost_history" ADD CONSTRAINT "material_cost_history_stock_id_materials_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_costs" ADD CONSTRAINT "material_costs_stock_id_materials_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_movement_costs" ADD CONSTRAINT "material_movement_costs_movement_id_material_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."material_movements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_movement_costs" ADD CONSTRAINT "product_movement_costs_movement_id_product_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."product_movements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "material_cost_history_stock_idx" ON "material_cost_history" USING btree ("stock_id","seq");--> statement-breakpoint
CREATE INDEX "material_movement_costs_stock_idx" ON "material_movement_costs" USING btree ("stock_id");