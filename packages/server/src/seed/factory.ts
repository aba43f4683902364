import type { CompanyInput } from '@isik/domain';

/**
 * One data factory for the demo seed, the tests and the benchmarks: deterministic records from an index.
 */
const CUSTOMER_NAMES = [
  'Anadolu Aydınlatma A.Ş.', 'Ege Enerji Ltd. Şti.', 'Marmara Belediye Hizmetleri', 'Karadeniz Elektrik Taahhüt', 'Akdeniz Solar Sistemleri',
  'Başkent Yapı Elektrik', 'Toros Altyapı A.Ş.', 'Kapadokya Otel Grubu', 'Trakya Lojistik Depolama', 'Uludağ Enerji Yatırımları',
  'Boğaziçi Park ve Bahçeler', 'Fırat Organize Sanayi', 'Çukurova Tarım Makinaları', 'Pamukkale Turizm', 'Dicle Yol Yapım',
];
const SUPPLIER_NAMES = [
  'Lumiled Elektronik Tedarik', 'Alüminyum Döküm San.', 'PCB Kart Üretim Ltd.', 'Optik Lens Teknoloji', 'Güç Kaynağı Sürücü A.Ş.',
  'Kablo ve Konnektör Dünyası', 'Lityum Akü Sistemleri', 'Cam ve Conta Sanayi', 'Ambalaj Karton Ltd.', 'Vida Somun Bağlantı Elemanları',
];
const CITIES = [['İstanbul', 'Kadıköy'], ['Ankara', 'Çankaya'], ['İzmir', 'Bornova'], ['Bursa', 'Nilüfer'], ['Antalya', 'Muratpaşa'], ['Konya', 'Selçuklu'], ['Kayseri', 'Melikgazi'], ['Gaziantep', 'Şahinbey']];

function slug(s: string): string {
  return s.toLocaleLowerCase('tr').replace(/ı/g, 'i').replace(/ğ/g, 'g').replace(/ü/g, 'u').replace(/ş/g, 's').replace(/ö/g, 'o').replace(/ç/g, 'c')
    .replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 24);
}

export function makeCompany(i: number, category: 'Customer' | 'Suppliers' = i % 3 === 2 ? 'Suppliers' : 'Customer'): CompanyInput {
  const names = category === 'Customer' ? CUSTOMER_NAMES : SUPPLIER_NAMES;
  const base = names[i % names.length];
  const round = Math.floor(i / names.length);
  const name = round === 0 ? base : `${base} ${round + 1}`;
  const [city, district] = CITIES[i % CITIES.length];
  const s = slug(name);
  return {
    company_name: name,
    company_adress: `${(i % 90) + 1}. Sokak No:${(i % 40) + 1} ${district} Sanayi Sitesi`,
    company_district: district,
    company_city: city,
    company_country: 'Türkiye',
    company_category: category,
    company_phone: `+90 212 ${String(400 + (i % 500)).padStart(3, '0')} ${String(1000 + i).slice(-4)}`,
    company_mobilephone: `+90 532 ${String(100 + (i % 800)).padStart(3, '0')} ${String(2000 + i).slice(-4)}`,
    company_fax: '',
    company_taxoffice: `${city} Vergi Dairesi`,
    company_taxno: String(1000000000 + i * 7919).slice(0, 10),
    company_email: `info@${s}.com.tr`,
    company_web: `www.${s}.com.tr`,
    company_img: '',
    company_notes: category === 'Suppliers' ? 'Ödeme vadesi 60 gün.' : 'Belediye ihalelerinde çözüm ortağı.',
    company_status: i % 11 !== 10,
  };
}

const FIRST = ['Ayşe', 'Mehmet', 'Zeynep', 'Ahmet', 'Elif', 'Mustafa', 'Fatma', 'Emre', 'Selin', 'Burak'];
const LAST = ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Yıldız', 'Aydın', 'Öztürk', 'Arslan', 'Doğan'];

export const DEMO_PASSWORD = 'Demo12345!';

export function makeUser(i: number, role: number) {
  return {
    firstname: FIRST[i % FIRST.length],
    lastname: LAST[(i * 3) % LAST.length],
    email: `role${role}${i >= 8 ? `-${i}` : ''}@example.com`,
    mobile: `+90 555 ${String(100 + i).padStart(3, '0')} ${String(10 + i).padStart(2, '0')} ${String(20 + i).padStart(2, '0')}`,
    role,
    user_img: '',
    userstate: true,
    permissions: {},
  };
}

// Catalogue and stock: makeModel, makeProduct, makeMaterial, makeMovement.
export * from '../modules/catalogue/catalogue-factory.js';
export * from '../modules/offers/offers-factory.js';
