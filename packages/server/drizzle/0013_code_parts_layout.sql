-- Offer items and the order lines made from them keep their code parts in one layout (docs/decisions/0028):
-- 0 model, 1 PCB, 2 optic, 3 CCT, 4 solar panel, 5 battery, 6 body colour, 7 LED brand, 8 driver brand.
-- Items saved by the earlier offer editor have nine parts in spec 001's order (model, PCB, power, optic, CCT, panel,
-- battery, body colour, LED): move each part to its index; the power part has no place in the layout and is
-- dropped (the product's name carries it). Shorter arrays (a whole code in part 0) are already right.
UPDATE "offer_items" SET "urun_kodu" = jsonb_build_array(
  "urun_kodu"->0, "urun_kodu"->1, "urun_kodu"->3, "urun_kodu"->4, "urun_kodu"->5, "urun_kodu"->6, "urun_kodu"->7, "urun_kodu"->8, '')
WHERE jsonb_typeof("urun_kodu") = 'array' AND jsonb_array_length("urun_kodu") = 9;
--> statement-breakpoint
UPDATE "order_items" SET "urun_kodu" = jsonb_build_array(
  "urun_kodu"->0, "urun_kodu"->1, "urun_kodu"->3, "urun_kodu"->4, "urun_kodu"->5, "urun_kodu"->6, "urun_kodu"->7, "urun_kodu"->8, '')
WHERE "offer_id" IS NOT NULL AND jsonb_typeof("urun_kodu") = 'array' AND jsonb_array_length("urun_kodu") = 9;
