ALTER TABLE "offer_settings" ALTER COLUMN "urun_kdv" SET DEFAULT '20';--> statement-breakpoint
ALTER TABLE "offer_settings" ADD COLUMN "vat_choices" jsonb DEFAULT '[20,10,1,0]'::jsonb NOT NULL;--> statement-breakpoint
-- DECISIONS 3: 18 is no longer a Turkish VAT rate; a stored default of 18 (the earlier client's) becomes 20. Offers keep their rates.
UPDATE "offer_settings" SET "urun_kdv" = 20 WHERE "urun_kdv" = 18;
