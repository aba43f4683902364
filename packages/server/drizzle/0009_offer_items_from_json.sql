-- Offer items become rows with ids (issue 10). Items kept until now as JSON inside offers.offeritem (public
-- catalogue requests) move into offer_items. Guarded, so it does nothing where that column is already gone.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'offers' AND column_name = 'offeritem') THEN
    INSERT INTO offer_items (id, offer_id, sira, urun_id, urun_resim, urun_adi, urun_kodu, urun_kdv, urun_miktari, urun_birimi,
      urun_fiyati, urun_dovizi, order_type, takeoff_from_stock, tamamlanma_orani, toplam_tl, toplam_doviz, toplam_kdv_tl, toplam_kdv_doviz)
    SELECT substr(md5(o.id || ':' || e.ord::text), 1, 24), o.id, (e.ord - 1)::int,
      coalesce(e.item->>'urun_id', ''), coalesce(e.item->>'urun_resim', ''), coalesce(e.item->>'urun_adi', ''),
      CASE WHEN jsonb_typeof(e.item->'urun_kodu') = 'array' THEN e.item->'urun_kodu'
           WHEN coalesce(e.item->>'urun_kodu', '') = '' THEN '[]'::jsonb
           ELSE jsonb_build_array(e.item->>'urun_kodu') END,
      coalesce(nullif(e.item->>'urun_kdv', '')::numeric, 18), coalesce(nullif(e.item->>'urun_miktari', '')::numeric, 1),
      coalesce(nullif(e.item->>'urun_birimi', ''), 'Adet'), coalesce(nullif(e.item->>'urun_fiyati', '')::numeric, 0),
      coalesce(nullif(e.item->>'urun_dovizi', ''), '$'), coalesce(nullif(e.item->>'order_type', ''), 'default'),
      coalesce((e.item->>'takeoff_from_stock')::boolean, false), coalesce(nullif(e.item->>'tamamlanmaOrani', '')::numeric, 0),
      coalesce(nullif(e.item->>'toplamTL', '')::numeric, 0), coalesce(nullif(e.item->>'toplamDoviz', '')::numeric, 0),
      coalesce(nullif(e.item->>'toplamKdvTL', '')::numeric, 0), coalesce(nullif(e.item->>'toplamKdvDoviz', '')::numeric, 0)
    FROM offers o CROSS JOIN LATERAL jsonb_array_elements(o.offeritem) WITH ORDINALITY AS e(item, ord)
    ON CONFLICT (id) DO NOTHING;
  END IF;
END $$;
