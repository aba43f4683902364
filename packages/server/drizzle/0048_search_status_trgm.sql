CREATE INDEX "order_items_search_trgm_s1_idx" ON "order_items" USING gin ("search_text" gin_trgm_ops) WHERE (siparis_durumu = 1) is true;--> statement-breakpoint
CREATE INDEX "order_items_search_trgm_s2_idx" ON "order_items" USING gin ("search_text" gin_trgm_ops) WHERE (siparis_durumu = 2) is true;--> statement-breakpoint
CREATE INDEX "order_items_search_trgm_s3_idx" ON "order_items" USING gin ("search_text" gin_trgm_ops) WHERE (siparis_durumu = 3) is true;--> statement-breakpoint
CREATE INDEX "order_items_search_trgm_s4_idx" ON "order_items" USING gin ("search_text" gin_trgm_ops) WHERE (siparis_durumu = 4) is true;--> statement-breakpoint
CREATE INDEX "order_items_search_trgm_s5_idx" ON "order_items" USING gin ("search_text" gin_trgm_ops) WHERE (siparis_durumu = 5) is true;--> statement-breakpoint
CREATE INDEX "order_items_search_trgm_s6_idx" ON "order_items" USING gin ("search_text" gin_trgm_ops) WHERE (siparis_durumu = 6) is true;