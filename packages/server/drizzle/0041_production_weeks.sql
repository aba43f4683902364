CREATE TABLE "production_weeks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "production_weeks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"week" date NOT NULL,
	"bucket" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"promised" integer DEFAULT 0 NOT NULL,
	"late" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "table_counts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "table_counts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "production_weeks_week_idx" ON "production_weeks" USING btree ("week");--> statement-breakpoint
CREATE INDEX "order_items_finished_lead_idx" ON "order_items" USING btree (date_trunc('week', ("bitis_tarihi" at time zone 'Europe/Istanbul')),((extract(epoch from ("bitis_tarihi" - "siparis_tarihi")) / 86400)::double precision),"bitis_tarihi","siparis_tarihi") WHERE "order_items"."siparis_durumu" in (4, 5) and "order_items"."bitis_tarihi" is not null;