CREATE TABLE "order_open_days" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_open_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" date NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"units" numeric DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_open_days_day_idx" ON "order_open_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "order_items_open_date_idx" ON "order_items" USING btree ("siparis_tarihi","id") WHERE "order_items"."tamamlanma_orani" < 100 or "order_items"."teslim_edilmis" < "order_items"."urun_miktari";