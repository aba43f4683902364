import { OFFER_DEFAULT_VAT, type OfferInput, type OfferItemInput } from '@isik/domain';

/** What the factory picks items and companies from (ids and prices of real rows). */
export interface OfferFactoryPool {
  products: { id: string; name: string; code: string[]; price: string | number; currency: string; vat?: number }[];
  materials?: { id: string; name: string; unit: string; price: string | number; currency: string }[];
  companies: { id: string; name: string; email: string; city: string; country: string }[];
  rates: { usd: string | number; eur: string | number };
}

const SUBJECTS = ['Otopark aydınlatması', 'Sokak aydınlatma projesi', 'Solar aydınlatma teklifi', 'Fabrika yüksek tavan armatürleri', 'Park ve bahçe aydınlatması', 'Akü grubu yenileme'];
const PEOPLE = ['Ahmet Yılmaz', 'Elif Demir', 'Mehmet Kaya', 'Zeynep Arslan', 'Can Öztürk', 'Ayşe Çelik', 'Mustafa Şahin', 'Selin Aydın'];

/**
 * A realistic offer body (the same body the API takes) for the demo seed, the tests and the benchmark: 'items' lines
 * picked round-robin from the pool in mixed currencies, one in three for a registered company, the rest typed in.
 */
export function makeOfferInput(i: number, pool: OfferFactoryPool, opts: { items?: number; registered?: boolean; status?: 0 | 1 } = {}): OfferInput {
  const n = opts.items ?? 2 + (i % 4);
  const registered = opts.registered ?? (i % 3 === 0 || opts.status === 1);
  const company = pool.companies[i % pool.companies.length];
  const items: OfferItemInput[] = [];
  for (let k = 0; k < n; k++) {
    const m = pool.materials?.length && k === n - 1 && n > 2 ? pool.materials[(i + k) % pool.materials.length] : null;
    if (m) {
      items.push({ urun_id: m.id, urun_adi: m.name, urun_kodu: [], urun_miktari: 5 + ((i + k) % 20), urun_birimi: m.unit, urun_fiyati: m.price, urun_dovizi: m.currency, urun_kdv: OFFER_DEFAULT_VAT, order_type: 'material' });
      continue;
    }
    const p = pool.products[(i * 7 + k) % pool.products.length];
    items.push({
      urun_id: p.id, urun_adi: p.name, urun_kodu: p.code, urun_miktari: 1 + ((i * 3 + k * 5) % 40), urun_birimi: 'Adet',
      urun_fiyati: p.price, urun_dovizi: p.currency, urun_kdv: p.vat ?? OFFER_DEFAULT_VAT, order_type: k % 3 === 2 ? 'default' : 'production', takeoff_from_stock: k % 5 === 4,
    });
  }
  const person = PEOPLE[i % PEOPLE.length];
  return {
    firma_id: registered ? company.id : null,
    firma_adi: registered ? company.name : `${['Yıldız', 'Doğa', 'Ege', 'Akdeniz', 'Anadolu'][i % 5]} ${['Enerji', 'Elektrik', 'Yapı', 'Mühendislik'][i % 4]} Ltd.`,
    firma_il: registered ? company.city : ['İstanbul', 'Ankara', 'İzmir', 'Bursa', 'Antalya'][i % 5],
    firma_ulke: registered ? company.country : 'Türkiye',
    firma_eposta: registered ? company.email : `info${i}@example.com`,
    related_person: person,
    teklif_konu: SUBJECTS[i % SUBJECTS.length],
    teklif_referansno: i % 2 === 0 ? `REF-${1000 + i}` : '',
    teklif_durumu: opts.status ?? 0,
    teklif_dovizi: (['$', '€', '$', '₺'] as const)[i % 4],
    teklif_usdkur: pool.rates.usd,
    teklif_eurkur: pool.rates.eur,
    teklif_altbilgi: 'Fiyatlarımıza KDV dahil değildir. Teslim süresi sipariş onayından itibaren 4 haftadır.',
    offeritem: items,
  };
}
