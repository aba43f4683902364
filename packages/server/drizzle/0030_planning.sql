ALTER TABLE "materials" ADD COLUMN "purchase_multiple" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "purchase_min" numeric(18, 4);--> statement-breakpoint
CREATE INDEX "order_items_component_lines_idx" ON "order_items" USING btree ("id") WHERE siparis_durumu between 1 and 3 and operations @> '[{"OperationDetails":[{"component":true}]}]'::jsonb;