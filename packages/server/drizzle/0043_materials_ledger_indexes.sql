DROP INDEX "materials_category_idx";--> statement-breakpoint
DROP INDEX "material_movements_ledger_idx";--> statement-breakpoint
DROP INDEX "product_movements_ledger_idx";--> statement-breakpoint
CREATE INDEX "materials_created_idx" ON "materials" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "materials_price_idx" ON "materials" USING btree ("material_price","material_name_key","id");--> statement-breakpoint
CREATE INDEX "materials_group_name_idx" ON "materials" USING btree ("material_group","material_name_key","id");--> statement-breakpoint
CREATE INDEX "materials_category_name_idx" ON "materials" USING btree ("material_category","material_group","material_name_key","id");--> statement-breakpoint
CREATE INDEX "material_movements_ledger_idx" ON "material_movements" USING btree ("stock_id","operation_date","seq","sum_qty");--> statement-breakpoint
CREATE INDEX "product_movements_ledger_idx" ON "product_movements" USING btree ("product_id","operation_date","seq","sum_qty");