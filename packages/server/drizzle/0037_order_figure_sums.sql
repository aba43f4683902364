CREATE TABLE "order_figure_sums" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_figure_sums_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" integer NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"pct" numeric DEFAULT '0' NOT NULL,
	"open_ops" bigint DEFAULT 0 NOT NULL,
	"started_ops" bigint DEFAULT 0 NOT NULL,
	"units" numeric DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "offers_open_order_date_idx" ON "offers" USING btree ("siparis_tarihi","id") WHERE teklif_durumu between 1 and 3;