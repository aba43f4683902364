DROP INDEX "offers_list_date_idx";--> statement-breakpoint
CREATE INDEX "offers_list_date_idx" ON "offers" USING btree ("teklif_tarihi","teklif_no","teklif_durumu","id","list_key");