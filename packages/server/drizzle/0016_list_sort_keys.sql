DROP INDEX "companies_tr_name_idx";--> statement-breakpoint
DROP INDEX "users_tr_firstname_idx";--> statement-breakpoint
DROP INDEX "users_tr_lastname_idx";--> statement-breakpoint
DROP INDEX "materials_name_idx";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "company_name_key" text GENERATED ALWAYS AS (replace(replace(replace(replace(replace(replace(lower(translate("company_name", 'IİÇĞÖŞÜ', 'ıiçğöşü')), 'ç', 'c{'), 'ğ', 'g{'), 'ı', 'h{'), 'ö', 'o{'), 'ş', 's{'), 'ü', 'u{')) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "firstname_key" text GENERATED ALWAYS AS (replace(replace(replace(replace(replace(replace(lower(translate("firstname", 'IİÇĞÖŞÜ', 'ıiçğöşü')), 'ç', 'c{'), 'ğ', 'g{'), 'ı', 'h{'), 'ö', 'o{'), 'ş', 's{'), 'ü', 'u{')) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "lastname_key" text GENERATED ALWAYS AS (replace(replace(replace(replace(replace(replace(lower(translate("lastname", 'IİÇĞÖŞÜ', 'ıiçğöşü')), 'ç', 'c{'), 'ğ', 'g{'), 'ı', 'h{'), 'ö', 'o{'), 'ş', 's{'), 'ü', 'u{')) STORED;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "material_name_key" text GENERATED ALWAYS AS (lower(material_name)) STORED;--> statement-breakpoint
CREATE INDEX "companies_name_key_idx" ON "companies" USING btree ("company_name_key" collate "C","id");--> statement-breakpoint
CREATE INDEX "users_firstname_key_idx" ON "users" USING btree ("firstname_key" collate "C","id");--> statement-breakpoint
CREATE INDEX "users_lastname_key_idx" ON "users" USING btree ("lastname_key" collate "C","id");--> statement-breakpoint
CREATE INDEX "materials_name_key_idx" ON "materials" USING btree ("material_name_key","id");