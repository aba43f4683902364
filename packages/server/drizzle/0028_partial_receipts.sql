CREATE TABLE "buying_receipts" (
	"id" text PRIMARY KEY NOT NULL,
	"purchase_id" text NOT NULL,
	"qty" numeric(20, 4) NOT NULL,
	"receipt_date" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"movement_id" text NOT NULL,
	"person" text DEFAULT '' NOT NULL,
	"person_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buying_receipts_qty_ck" CHECK ("buying_receipts"."qty" > 0)
);
--> statement-breakpoint
DROP INDEX "material_movements_purchase_uq";--> statement-breakpoint
ALTER TABLE "buyings" ADD COLUMN "received_qty" numeric(20, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "buying_receipts" ADD CONSTRAINT "buying_receipts_purchase_id_buyings_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."buyings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buying_receipts_purchase_idx" ON "buying_receipts" USING btree ("purchase_id","receipt_date");--> statement-breakpoint
CREATE UNIQUE INDEX "buying_receipts_movement_uq" ON "buying_receipts" USING btree ("movement_id");--> statement-breakpoint
-- A purchase completed before receipts existed entered stock in one movement: that movement becomes its one receipt
-- (ADR 0045), so received and due hold for every purchase.
INSERT INTO "buying_receipts" ("id", "purchase_id", "qty", "receipt_date", "note", "movement_id", "person", "person_id", "created_at")
SELECT substr(md5('receipt:' || m."id"), 1, 24), b."id", m."qty", m."operation_date", '', m."id", m."person", m."person_id", m."created_at"
FROM "buyings" b JOIN "material_movements" m ON m."id" = b."movement_id"
WHERE b."satinalma_durumu" = 3 AND m."reverses_id" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "material_movements" r WHERE r."reverses_id" = m."id")
  AND NOT EXISTS (SELECT 1 FROM "buying_receipts" x WHERE x."movement_id" = m."id");
--> statement-breakpoint
UPDATE "buyings" b SET "received_qty" = r."qty"
FROM (SELECT "purchase_id", sum("qty") AS "qty" FROM "buying_receipts" GROUP BY "purchase_id") r
WHERE r."purchase_id" = b."id";
