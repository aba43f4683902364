DROP INDEX "order_items_component_lines_idx";--> statement-breakpoint
ALTER TABLE "order_material_needs" ADD COLUMN "component" boolean DEFAULT false NOT NULL;