-- Issue 9 (ADR 0033): the day buckets gave way to the hour buckets, the full stored answers to answer_head (migration 0020).
DROP TABLE "material_ledger_days" CASCADE;--> statement-breakpoint
DROP TABLE "product_ledger_days" CASCADE;--> statement-breakpoint
ALTER TABLE "material_movements" DROP COLUMN "answer_json";--> statement-breakpoint
ALTER TABLE "product_movements" DROP COLUMN "answer_json";