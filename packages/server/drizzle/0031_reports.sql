ALTER TABLE "materials" ADD COLUMN "min_stock" numeric(20, 4);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "promised_date" date;