import { describe, expect, it } from 'vitest';
import { DEFAULT_OFFER_SETTINGS, type TcmbToday } from '@isik/domain';
import { formMoney, newItem, newOfferValues, toOfferBody } from './offer-values';

const bulletin = { Data: [{ CurrencyCode: 'USD', Unit: 1, ForexBuying: '39.9', ForexSelling: '40' }, { CurrencyCode: 'EUR', Unit: 1, ForexBuying: '44.9', ForexSelling: '45' }] } as unknown as TcmbToday;

describe('offer form values', () => {
  it('a new offer takes the settings and the last bulletin\'s selling rates; without a bulletin the rates stay empty', () => {
    const settings = { ...DEFAULT_OFFER_SETTINGS, teklif_dovizi: '€', teklif_altbilgi: 'ex works', __v: 3 };
    const v = newOfferValues(settings, bulletin, new Date(2026, 2, 5));
    expect(v).toMatchObject({ teklif_dovizi: '€', teklif_altbilgi: 'ex works', teklif_usdkur: 40, teklif_eurkur: 45, teklif_tarihi: '2026-03-05', teklif_durumu: 0 });
    expect(newOfferValues(settings, null)).toMatchObject({ teklif_usdkur: '', teklif_eurkur: '' });
  });

  it('computes the worked example and sends its totals with the body; a missing rate means no totals (amount error)', () => {
    const v = newOfferValues(undefined, bulletin, new Date(2026, 2, 5));
    v.offeritem = [
      { ...newItem(), urun_adi: 'A', urun_miktari: 3, urun_fiyati: 100, urun_dovizi: '$', urun_kdv: 18 },
      { ...newItem(), urun_adi: 'B', urun_miktari: 2, urun_fiyati: 50, urun_dovizi: '€', urun_kdv: 8 },
      { ...newItem(), urun_adi: 'C', urun_miktari: 1, urun_fiyati: 1000, urun_dovizi: '₺', urun_kdv: 0 },
    ];
    const body = toOfferBody(v);
    expect(body).toMatchObject({ teklif_tarihi: '05.03.2026', teklif_gtoplamtl: 20020, teklif_gtoplamdoviz: 500.5, teklif_usdkur: 40 });
    expect(body.offeritem?.map((i) => i._id)).toEqual([undefined, undefined, undefined]);
    expect(formMoney({ ...v, teklif_eurkur: '' })).toBeNull();
    expect(toOfferBody({ ...v, teklif_eurkur: '' })).not.toHaveProperty('teklif_gtoplamtl');
  });
});
