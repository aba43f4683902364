CREATE TABLE "purchase_order_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "buyings" ADD COLUMN "termin_tarihi" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "buyings_order_no_idx" ON "buyings" USING btree ("siparis_no");