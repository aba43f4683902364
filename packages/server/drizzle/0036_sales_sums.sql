CREATE TABLE "sales_offer_facts" (
	"offer_id" text NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"dim" text NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"converted" integer NOT NULL,
	"try_amount" numeric NOT NULL,
	"usd_amount" numeric NOT NULL,
	"eur_amount" numeric NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_sums" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_sums_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"grain" text NOT NULL,
	"at" date NOT NULL,
	"kind" text NOT NULL,
	"dim" text NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"n" integer NOT NULL,
	"converted" integer NOT NULL,
	"try_amount" numeric NOT NULL,
	"usd_amount" numeric NOT NULL,
	"eur_amount" numeric NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sales_offer_facts_offer_idx" ON "sales_offer_facts" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "sales_sums_read_idx" ON "sales_sums" USING btree ("dim","grain","at");--> statement-breakpoint
CREATE INDEX "sales_sums_unfolded_idx" ON "sales_sums" USING btree ("id") WHERE not "sales_sums"."folded";