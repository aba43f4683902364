import type { MaterialInput, ModelInput, ProductInput } from '@isik/domain';
import type { NewMaterialMovement } from '../stock/ledger-repository.js';

/**
 * Catalogue part of the one data factory (re-exported by seed/factory.ts): deterministic models,
 * products, materials and movements from an index, for the demo seed, the tests and the benchmark.
 */

interface ModelDef {
  code: string; tr: string; en: string; category: number; unit?: string; kdv?: '18' | '8' | '0';
  descTr: string; descEn: string; powers: number[]; lmPerW?: number; certificates: string[];
  features: [string, string, string, string][]; ops: ('Dizgi' | 'Mekanik Montaj' | 'Paketleme' | 'E-Test' | 'Harici İşlem' | 'Onay' | 'Yarı Mamül')[];
}

/** Twelve models over all nine categories (0 street … 8 battery groups). */
export const MODEL_DEFS: ModelDef[] = [
  { code: 'ISK-ASTRA', tr: 'Astra LED Yol Armatürü', en: 'Astra LED Street Light', category: 0, descTr: 'Basınçlı döküm alüminyum gövdeli, yüksek verimli LED yol armatürü.', descEn: 'High-efficiency LED street light with a die-cast aluminium body.', powers: [30, 40, 60, 90, 120, 150], lmPerW: 150, certificates: ['CE', 'ENEC', 'TSE', 'IP66', 'IK08'], features: [['Gövde', 'Body', 'Basınçlı döküm alüminyum', 'Die-cast aluminium'], ['Koruma sınıfı', 'Protection', 'IP66 / IK08', 'IP66 / IK08'], ['Ömür', 'Lifetime', '100.000 saat L80B10', '100,000 h L80B10'], ['Çalışma sıcaklığı', 'Operating temperature', '-40 °C … +50 °C', '-40 °C … +50 °C']], ops: ['Dizgi', 'Mekanik Montaj', 'E-Test', 'Paketleme', 'Onay'] },
  { code: 'ISK-VEGA', tr: 'Vega Modüler Yol Armatürü', en: 'Vega Modular Street Light', category: 0, descTr: 'Modüler yapıda, sahada servis edilebilir yol armatürü.', descEn: 'Modular street light that can be serviced on site.', powers: [80, 100, 150, 200, 240], lmPerW: 145, certificates: ['CE', 'ENEC', 'IP66'], features: [['Modül sayısı', 'Modules', '2-6 modül', '2-6 modules'], ['Koruma sınıfı', 'Protection', 'IP66', 'IP66'], ['Dimleme', 'Dimming', 'DALI / 1-10V', 'DALI / 1-10V']], ops: ['Dizgi', 'Yarı Mamül', 'Mekanik Montaj', 'E-Test', 'Paketleme'] },
  { code: 'ISK-PARK', tr: 'Park Kent Aydınlatma Armatürü', en: 'Park Urban Luminaire', category: 1, descTr: 'Park, bahçe ve yaya yolları için dekoratif kent armatürü.', descEn: 'Decorative urban luminaire for parks, gardens and walkways.', powers: [20, 30, 40, 60], lmPerW: 130, certificates: ['CE', 'IP65'], features: [['Montaj', 'Mounting', 'Direk tepesi Ø60 mm', 'Post top Ø60 mm'], ['Difüzör', 'Diffuser', 'Opal polikarbonat', 'Opal polycarbonate']], ops: ['Dizgi', 'Mekanik Montaj', 'Paketleme', 'Onay'] },
  { code: 'ISK-FLD', tr: 'Titan LED Projektör', en: 'Titan LED Flood Light', category: 2, descTr: 'Stadyum, cephe ve saha aydınlatması için LED projektör.', descEn: 'LED flood light for stadiums, façades and yards.', powers: [50, 100, 150, 200, 300, 400], lmPerW: 140, certificates: ['CE', 'TSE', 'IP66'], features: [['Optik', 'Optics', 'Simetrik / asimetrik', 'Symmetric / asymmetric'], ['Braket', 'Bracket', 'Ayarlanabilir paslanmaz', 'Adjustable stainless']], ops: ['Dizgi', 'Mekanik Montaj', 'E-Test', 'Paketleme'] },
  { code: 'ISK-FLD-M', tr: 'Mini LED Projektör', en: 'Mini LED Flood Light', category: 2, descTr: 'Tabela ve bina çevresi için kompakt projektör.', descEn: 'Compact flood light for signs and building surroundings.', powers: [10, 20, 30, 50], lmPerW: 120, certificates: ['CE', 'IP65'], features: [['Gövde', 'Body', 'Alüminyum', 'Aluminium'], ['Kablo', 'Cable', '1 m H05RN-F', '1 m H05RN-F']], ops: ['Dizgi', 'Mekanik Montaj', 'Paketleme'] },
  { code: 'ISK-SOL', tr: 'Helios Solar Sokak Lambası', en: 'Helios Solar Street Lamp', category: 3, descTr: 'Panel, akü ve armatürü bir arada, şebekesiz solar sokak lambası.', descEn: 'All-in-one off-grid solar street lamp with panel, battery and luminaire.', powers: [20, 30, 40, 60, 80], lmPerW: 160, certificates: ['CE', 'IP65'], features: [['Otonomi', 'Autonomy', '3 gece', '3 nights'], ['Kontrol', 'Control', 'MPPT + hareket sensörü', 'MPPT + motion sensor'], ['Akü', 'Battery', 'LiFePO4', 'LiFePO4']], ops: ['Dizgi', 'Yarı Mamül', 'Mekanik Montaj', 'E-Test', 'Paketleme', 'Onay'] },
  { code: 'ISK-SOL-P', tr: 'Solar Park Lambası', en: 'Solar Garden Lamp', category: 3, descTr: 'Park ve bahçe için solar lamba.', descEn: 'Solar lamp for parks and gardens.', powers: [10, 15, 20], lmPerW: 150, certificates: ['CE'], features: [['Otonomi', 'Autonomy', '2 gece', '2 nights']], ops: ['Dizgi', 'Mekanik Montaj', 'Paketleme'] },
  { code: 'ISK-HB', tr: 'Endüstriyel High Bay Armatür', en: 'Industrial High Bay Luminaire', category: 4, descTr: 'Fabrika ve depolar için yüksek tavan armatürü.', descEn: 'High bay luminaire for factories and warehouses.', powers: [100, 150, 200, 240], lmPerW: 150, certificates: ['CE', 'IP65', 'IK08'], features: [['Montaj', 'Mounting', 'Askı / kanca', 'Suspension / hook'], ['Optik', 'Optics', '60° / 90° / 120°', '60° / 90° / 120°']], ops: ['Dizgi', 'Mekanik Montaj', 'E-Test', 'Paketleme'] },
  { code: 'ISK-DC', tr: 'DC Armatür 12-24 V', en: 'DC Luminaire 12-24 V', category: 5, descTr: 'Solar sistemler ve araçlar için 12-24 V DC armatür.', descEn: '12-24 V DC luminaire for solar systems and vehicles.', powers: [10, 20, 30, 40], lmPerW: 130, certificates: ['CE'], features: [['Giriş gerilimi', 'Input voltage', '10-30 VDC', '10-30 VDC']], ops: ['Dizgi', 'Mekanik Montaj', 'Paketleme'] },
  { code: 'ISK-MOD', tr: 'LED Modül 3030', en: 'LED Module 3030', category: 6, descTr: 'Yol armatürleri için lensli LED modül.', descEn: 'LED module with lenses for street lights.', powers: [25, 50], lmPerW: 170, certificates: ['CE', 'LM-80'], features: [['LED', 'LED', '3030 5 W', '3030 5 W'], ['Lens', 'Lens', 'PMMA', 'PMMA']], ops: ['Dizgi', 'E-Test', 'Onay'] },
  { code: 'ISK-PNL', tr: 'Monokristal Güneş Paneli', en: 'Monocrystalline Solar Panel', category: 7, descTr: 'Solar lambalar için monokristal güneş paneli.', descEn: 'Monocrystalline solar panel for solar lamps.', powers: [50, 80, 100, 150, 200], certificates: ['CE', 'IEC 61215'], features: [['Hücre', 'Cell', 'Monokristal PERC', 'Monocrystalline PERC'], ['Cam', 'Glass', '3,2 mm temperli', '3.2 mm tempered']], ops: ['Harici İşlem', 'Mekanik Montaj', 'Onay'] },
  { code: 'ISK-BAT', tr: 'LiFePO4 Akü Grubu', en: 'LiFePO4 Battery Pack', category: 8, descTr: 'Solar sokak lambaları için BMS korumalı LiFePO4 akü grubu.', descEn: 'LiFePO4 battery pack with BMS for solar street lamps.', powers: [12, 24, 36, 60, 100], certificates: ['CE', 'UN38.3'], features: [['Kimya', 'Chemistry', 'LiFePO4', 'LiFePO4'], ['Çevrim ömrü', 'Cycle life', '2000 çevrim %80 DoD', '2000 cycles at 80% DoD']], ops: ['Dizgi', 'Mekanik Montaj', 'E-Test', 'Paketleme'] },
];

const CCTS = ['4000 K', '5000 K', '3000 K', '6500 K', '3500 K', '6000 K'] as const;
const OPTICS = ['AS', 'ST', '60', '90', 'SP', '30', '45', '15'] as const;
const CURRENCY_CYCLE = ['$', '$', '€', '₺'] as const;

export interface FactoryMaterialRef { id: string; material_category: string; material_group: string; material_price: number | string; material_doviz: string; material_name?: string }

/**
 * A model of the given index; beyond the twelve definitions codes get a suffix. With materials, each
 * operation (except 'Yarı Mamül', whose components are products) names two of them as components.
 */
export function makeModel(i: number, materials: readonly { id: string; material_name: string }[] = []): ModelInput {
  const d = MODEL_DEFS[i % MODEL_DEFS.length];
  const round = Math.floor(i / MODEL_DEFS.length);
  const suffix = round === 0 ? '' : `-${round + 1}`;
  return {
    model_sira: i + 1,
    model_adi: [`${d.tr}${round ? ` ${round + 1}` : ''}`, `${d.en}${round ? ` ${round + 1}` : ''}`],
    model_kodu: `${d.code}${suffix}`,
    model_aciklama: [d.descTr, d.descEn],
    model_birimi: d.unit ?? 'Adet',
    model_kdv: d.kdv ?? '18',
    model_kategori: d.category,
    model_durumu: true,
    model_etiket: [d.en.split(' ')[0].toLowerCase(), d.category === 3 || d.category === 7 || d.category === 8 ? 'solar' : 'led'],
    certificates: d.certificates,
    model_resim: '',
    modelDownloads: [],
    ModelFeatures: d.features.map(([lt, le, ft, fe], n) => ({ no: n + 1, label: [lt, le], feature: [ft, fe] })),
    productiondetail: d.ops.map((op, n) => ({
      No: n + 1, Operation: op, OperationDescription: opDescription(op),
      OperationComponent: op === 'Yarı Mamül' || materials.length === 0 ? [] : [0, 1].map((k) => {
        const m = materials[(i * 5 + n * 3 + k * 11) % materials.length];
        return { label: m.material_name, value: m.id };
      }),
    })),
  };
}

function opDescription(op: string): string {
  switch (op) {
    case 'Dizgi': return 'SMD dizgi ve reflow';
    case 'Mekanik Montaj': return 'Gövde, lens ve sürücü montajı';
    case 'Paketleme': return 'Kutu ve etiket';
    case 'E-Test': return 'Elektriksel test ve 4 saat yakma';
    case 'Harici İşlem': return 'Fason işlem';
    case 'Onay': return 'Kalite onayı';
    default: return 'Yarı mamul montajı';
  }
}

/** Sixty materials' worth of definitions: name, category, group, unit, base price and currency. */
const MATERIAL_DEFS: [string, string, string, 'Adet' | 'Kg' | 'Metre' | 'Paket' | 'Takım', number, '$' | '€' | '₺'][] = [
  ['LED 3030 1 W 5000 K', 'Elektronik', 'LED', 'Adet', 0.0412, '$'],
  ['LED 5050 3 W 4000 K', 'Elektronik', 'LED', 'Adet', 0.1185, '$'],
  ['LED 2835 0,5 W 3000 K', 'Elektronik', 'LED', 'Adet', 0.0095, '$'],
  ['LED Sürücü 60 W 1050 mA', 'Elektronik', 'Sürücü', 'Adet', 11.5, '$'],
  ['LED Sürücü 120 W DALI', 'Elektronik', 'Sürücü', 'Adet', 24.9, '€'],
  ['LED Sürücü 30 W 700 mA', 'Elektronik', 'Sürücü', 'Adet', 6.75, '$'],
  ['MPPT Şarj Kontrol Kartı 10 A', 'Elektronik', 'Kontrol', 'Adet', 8.2, '$'],
  ['PIR Hareket Sensörü', 'Elektronik', 'Kontrol', 'Adet', 1.35, '$'],
  ['Alüminyum PCB 280x40', 'Elektronik', 'PCB', 'Adet', 0.62, '$'],
  ['FR4 Kontrol PCB', 'Elektronik', 'PCB', 'Adet', 0.48, '$'],
  ['Aşırı Gerilim Koruma 10 kV', 'Elektronik', 'Koruma', 'Adet', 2.1, '€'],
  ['Fotosel NEMA 7 pin', 'Elektronik', 'Kontrol', 'Adet', 4.4, '$'],
  ['Basınçlı Döküm Gövde 60 W', 'Mekanik', 'Gövde', 'Adet', 540, '₺'],
  ['Basınçlı Döküm Gövde 150 W', 'Mekanik', 'Gövde', 'Adet', 890, '₺'],
  ['Projektör Gövdesi 100 W', 'Mekanik', 'Gövde', 'Adet', 410, '₺'],
  ['High Bay Soğutucu 200 W', 'Mekanik', 'Gövde', 'Adet', 760, '₺'],
  ['PMMA Lens 2x6 Asimetrik', 'Mekanik', 'Lens', 'Adet', 0.95, '$'],
  ['PC Lens 60°', 'Mekanik', 'Lens', 'Adet', 0.38, '$'],
  ['Temperli Cam 4 mm', 'Mekanik', 'Cam', 'Adet', 85, '₺'],
  ['Silikon Conta 2 m', 'Mekanik', 'Conta', 'Metre', 12.5, '₺'],
  ['Paslanmaz Vida M4x10', 'Mekanik', 'Bağlantı', 'Paket', 45, '₺'],
  ['Paslanmaz Vida M6x20', 'Mekanik', 'Bağlantı', 'Paket', 68, '₺'],
  ['Direk Bağlantı Aparatı Ø60', 'Mekanik', 'Bağlantı', 'Adet', 95, '₺'],
  ['Projektör Braketi Paslanmaz', 'Mekanik', 'Bağlantı', 'Adet', 120, '₺'],
  ['Kablo Rakoru M20', 'Mekanik', 'Bağlantı', 'Adet', 7.5, '₺'],
  ['Termal Macun', 'Mekanik', 'Sarf', 'Kg', 38, '$'],
  ['Solder Pasta SAC305', 'Elektronik', 'Sarf', 'Kg', 92, '$'],
  ['Kablo H05RN-F 3x0,75', 'Kablo', 'Enerji', 'Metre', 14.2, '₺'],
  ['Kablo H07RN-F 3x1,5', 'Kablo', 'Enerji', 'Metre', 24.8, '₺'],
  ['Solar Kablo 4 mm²', 'Kablo', 'Solar', 'Metre', 19.9, '₺'],
  ['MC4 Konnektör Takımı', 'Kablo', 'Solar', 'Takım', 1.6, '$'],
  ['IP68 Konnektör 3 pin', 'Kablo', 'Konnektör', 'Adet', 2.3, '$'],
  ['LiFePO4 Hücre 3,2 V 6 Ah', 'Akü', 'Hücre', 'Adet', 3.9, '$'],
  ['LiFePO4 Hücre 3,2 V 20 Ah', 'Akü', 'Hücre', 'Adet', 11.8, '$'],
  ['BMS 4S 20 A', 'Akü', 'BMS', 'Adet', 6.4, '$'],
  ['Akü Kutusu ABS', 'Akü', 'Kutu', 'Adet', 75, '₺'],
  ['Monokristal Hücre 182 mm', 'Solar', 'Hücre', 'Adet', 0.72, '$'],
  ['Panel Alüminyum Çerçeve', 'Solar', 'Çerçeve', 'Takım', 210, '₺'],
  ['Panel Cam 3,2 mm', 'Solar', 'Cam', 'Adet', 310, '₺'],
  ['EVA Film', 'Solar', 'Sarf', 'Metre', 1.1, '€'],
  ['Panel Bağlantı Kutusu', 'Solar', 'Bağlantı', 'Adet', 2.6, '$'],
  ['Karton Kutu 60x25x12', 'Ambalaj', 'Kutu', 'Adet', 18, '₺'],
  ['Karton Kutu 80x35x15', 'Ambalaj', 'Kutu', 'Adet', 26, '₺'],
  ['Köpük Yastık', 'Ambalaj', 'Dolgu', 'Adet', 6.5, '₺'],
  ['Ürün Etiketi 100x50', 'Ambalaj', 'Etiket', 'Paket', 95, '₺'],
  ['Streç Film', 'Ambalaj', 'Sarf', 'Kg', 64, '₺'],
  ['Epoksi Toz Boya RAL 7035', 'Kimyasal', 'Boya', 'Kg', 4.9, '€'],
  ['Epoksi Toz Boya RAL 9005', 'Kimyasal', 'Boya', 'Kg', 5.1, '€'],
  ['Silikon Yapıştırıcı', 'Kimyasal', 'Yapıştırıcı', 'Adet', 145, '₺'],
  ['Konformal Kaplama', 'Kimyasal', 'Kaplama', 'Kg', 21, '$'],
  ['Sigorta 2 A', 'Elektronik', 'Koruma', 'Adet', 0.12, '$'],
  ['Klemens 3 Kutup', 'Elektronik', 'Bağlantı', 'Adet', 0.35, '$'],
  ['Direnç 10 kΩ Makara', 'Elektronik', 'Pasif', 'Paket', 3.2, '$'],
  ['Kondansatör 470 µF', 'Elektronik', 'Pasif', 'Adet', 0.08, '$'],
  ['Mikrodenetleyici STM32', 'Elektronik', 'Yarı İletken', 'Adet', 2.45, '$'],
  ['LoRa Modül 868 MHz', 'Elektronik', 'Haberleşme', 'Adet', 7.9, '$'],
  ['Isı Bandı', 'Mekanik', 'Sarf', 'Metre', 9.5, '₺'],
  ['Havalandırma Valfi', 'Mekanik', 'Conta', 'Adet', 1.05, '$'],
  ['Montaj Kelepçesi', 'Mekanik', 'Bağlantı', 'Adet', 22, '₺'],
  ['Kullanım Kılavuzu', 'Ambalaj', 'Doküman', 'Adet', 3.5, '₺'],
];
export const MATERIAL_DEF_COUNT = MATERIAL_DEFS.length;

export function makeMaterial(i: number): MaterialInput {
  const [name, category, group, unit, price, doviz] = MATERIAL_DEFS[i % MATERIAL_DEFS.length];
  const round = Math.floor(i / MATERIAL_DEFS.length);
  return {
    material_no: i + 1,
    material_name: round === 0 ? name : `${name} (${round + 1})`,
    material_category: category,
    material_group: group,
    material_unit: unit,
    material_price: Number((price * (1 + (round % 7) * 0.03)).toFixed(4)),
    material_doviz: doviz,
    material_img: '',
  };
}

/**
 * A product of the given index on the given model: specs from the model's range, a bill of operations
 * over the given materials (picked deterministically), a price in the model's currency cycle.
 */
export function makeProduct(i: number, model: { id: string; index: number }, materials: readonly FactoryMaterialRef[] = []): ProductInput {
  const d = MODEL_DEFS[model.index % MODEL_DEFS.length];
  // Products are spread over the models round robin: j counts this model's products.
  const j = Math.floor(i / MODEL_DEFS.length);
  const power = d.powers[j % d.powers.length];
  const variant = Math.floor(j / d.powers.length);
  const cat = d.category;
  const light = cat <= 6;
  const cct = light ? CCTS[i % CCTS.length] : 'XXXX';
  const optic = light ? OPTICS[i % OPTICS.length] : 'XX';
  const code = `${d.code}-${power}${cat === 8 ? 'AH' : 'W'}${light ? `-${cct.slice(0, 2)}${optic}` : ''}${variant ? `-${variant + 1}` : ''}`;
  const unitLabel = cat === 7 ? 'Wp' : cat === 8 ? 'Ah' : 'W';
  const priceValue = Number((power * (cat === 7 ? 0.45 : cat === 8 ? 3.2 : 1.15) + 12 + (i % 5) * 0.99).toFixed(2));
  const currency = CURRENCY_CYCLE[i % 3 === 2 ? 2 : 0];
  const recipe = materials.some((m) => m.material_name) ? billOf(d, power, materials, priceValue, currency) : null;
  const rows = recipe ?? (materials.length === 0 ? [] : Array.from({ length: 3 + (i % 3) }, (_, n) => {
    const m = materials[(i * 7 + n * 13) % materials.length];
    return {
      op_name: d.ops[n % d.ops.length], material_category: m.material_category, material_group: m.material_group, information: m.id,
      materialqyt: n === 0 ? Math.max(1, Math.round(power / 5)) : (n % 4) + 1, op_qty: 1, rowTotal: 0,
      materialprice: Number(m.material_price), materialcurrency: m.material_doviz as '$' | '€' | '₺',
    };
  }));
  const complete = i % 4 !== 3;
  return {
    urun_sira: i + 1,
    urun_adi: [`${d.tr} ${power} ${unitLabel}${variant ? ` V${variant + 1}` : ''}`, `${d.en} ${power} ${unitLabel}${variant ? ` V${variant + 1}` : ''}`],
    urun_model: model.id,
    urun_kodu: code,
    urun_guc: cat === 8 ? 0 : power,
    urun_lumen: light ? Math.round(power * (d.lmPerW ?? 130)) : 0,
    urun_kapasite: cat === 8 ? power : cat === 3 ? power * 1.5 : 0,
    urun_voltaj: cat === 8 ? 12.8 : cat === 5 || cat === 3 ? 12 : cat === 7 ? 18 : 0,
    urun_durumu: i % 10 !== 9,
    urun_doviz: currency,
    urun_fiyat: priceValue,
    urun_panel: cat === 3 ? power * 2 : cat === 7 ? power : 0,
    urun_aku: cat === 3 ? Math.round(power * 0.9) : cat === 8 ? power : 0,
    urun_cct: cct,
    urun_optik: optic,
    product_dimensions: complete ? `${300 + power}-${120 + Math.round(power / 3)}-${70 + (i % 4) * 5} mm` : 'XX-XX-XX mm',
    product_weight: complete ? Number((1.2 + power * 0.04).toFixed(2)) : 0,
    technicalDrawing: '',
    productImages: [],
    productDownloads: [],
    urun_ozellikler: [
      { no: 1, urun_ozellik: ['Güç', 'Power'], urun_aciklama: [`${power} ${unitLabel}`], product_description: [`${power} ${unitLabel}`] },
      { no: 2, urun_ozellik: ['Giriş gerilimi', 'Input voltage'], urun_aciklama: [cat === 5 || cat === 8 ? '12-24 VDC' : '220-240 VAC'], product_description: [cat === 5 || cat === 8 ? '12-24 VDC' : '220-240 VAC'] },
      ...(complete ? [{ no: 3, urun_ozellik: ['Garanti', 'Warranty'] as [string, string], urun_aciklama: ['5 yıl'], product_description: ['5 years'] }] : []),
    ],
    production: rows,
  };
}

/** Rough demo rates for keeping a demo bill's cost below its price (USD per unit of each currency). */
const USD_PER: Record<string, number> = { $: 1, '€': 1.15, '₺': 1 / 42 };
type RecipeRow = [name: string, op: ModelDef['ops'][number], qty: number, optional?: boolean];

/**
 * A bill of operations a factory would recognise (issue 11): the parts a product of its category is made of, in
 * quantities that follow its power, on the model's own operations; optional parts are dropped (dearest first)
 * while the material cost would exceed 80 % of the price. Materials are matched by name (the demo materials).
 */
function billOf(d: ModelDef, power: number, materials: readonly FactoryMaterialRef[], price: number, currency: string) {
  const byName = new Map(materials.filter((m) => m.material_name).map((m) => [m.material_name!, m]));
  const op = (want: ModelDef['ops'][number]): ModelDef['ops'][number] => (d.ops.includes(want) ? want : d.ops.find((o) => o !== 'Yarı Mamül') ?? d.ops[0]);
  const cat = d.category;
  const boards = Math.max(1, Math.ceil(power / 30));
  const led: RecipeRow[] = [['LED 2835 0,5 W 3000 K', 'Dizgi', power * 2], ['Alüminyum PCB 280x40', 'Dizgi', boards], ['Solder Pasta SAC305', 'Dizgi', 0.002 * boards]];
  const pack: RecipeRow[] = [[power > 60 ? 'Karton Kutu 80x35x15' : 'Karton Kutu 60x25x12', 'Paketleme', 1], ['Köpük Yastık', 'Paketleme', 2, true], ['Kullanım Kılavuzu', 'Paketleme', 1, true]];
  const driver = power <= 30 ? 'LED Sürücü 30 W 700 mA' : power <= 60 ? 'LED Sürücü 60 W 1050 mA' : 'LED Sürücü 120 W DALI';
  const assembly = (body: string, lens: string): RecipeRow[] => [
    [body, 'Mekanik Montaj', 1], [lens, 'Mekanik Montaj', boards], ['Termal Macun', 'Mekanik Montaj', 0.005, true],
    ['Silikon Conta 2 m', 'Mekanik Montaj', 0.6, true], ['Paslanmaz Vida M4x10', 'Mekanik Montaj', 0.04, true],
  ];
  const test: RecipeRow[] = [['Kablo H05RN-F 3x0,75', 'E-Test', 0.5], ['Kablo Rakoru M20', 'E-Test', 1, true]];
  let recipe: RecipeRow[];
  switch (cat) {
    case 0: case 1:
      recipe = [...led, ...assembly(power <= 60 ? 'Basınçlı Döküm Gövde 60 W' : 'Basınçlı Döküm Gövde 150 W', 'PMMA Lens 2x6 Asimetrik'),
        [driver, 'Mekanik Montaj', Math.max(1, Math.ceil(power / 120))], ['Aşırı Gerilim Koruma 10 kV', 'Mekanik Montaj', 1, true],
        ...(cat === 0 ? [['Direk Bağlantı Aparatı Ø60', 'Mekanik Montaj', 1, true] as RecipeRow] : []), ...test, ...pack];
      break;
    case 2: case 4:
      recipe = [...led, ...assembly(cat === 2 ? 'Projektör Gövdesi 100 W' : 'High Bay Soğutucu 200 W', 'PC Lens 60°'),
        [driver, 'Mekanik Montaj', Math.max(1, Math.ceil(power / 120))], ...(cat === 2 ? [['Projektör Braketi Paslanmaz', 'Mekanik Montaj', 1, true] as RecipeRow] : []), ...test, ...pack];
      break;
    case 3:
      // Small garden lamps (20 W and less): a simple charge board and a 6,4 V pack; street lamps an MPPT card and 12,8 V.
      recipe = [...led, [power <= 20 ? 'FR4 Kontrol PCB' : 'MPPT Şarj Kontrol Kartı 10 A', 'Dizgi', 1], ['PIR Hareket Sensörü', 'Dizgi', 1, true],
        ...assembly(power < 20 ? 'Akü Kutusu ABS' : 'Basınçlı Döküm Gövde 60 W', 'PMMA Lens 2x6 Asimetrik'), ['LiFePO4 Hücre 3,2 V 6 Ah', 'Mekanik Montaj', power <= 20 ? 2 : 4], ['BMS 4S 20 A', 'Mekanik Montaj', 1, true],
        ['Monokristal Hücre 182 mm', 'Mekanik Montaj', Math.ceil((power * 2) / 7)], ['Solar Kablo 4 mm²', 'E-Test', 0.5, true], ...pack];
      break;
    case 5:
      recipe = [...led, ...assembly('Basınçlı Döküm Gövde 60 W', 'PC Lens 60°'), ['Kablo H05RN-F 3x0,75', 'E-Test', 0.5], ['IP68 Konnektör 3 pin', 'E-Test', 1, true], ...pack];
      break;
    case 6:
      recipe = [...led, ['PMMA Lens 2x6 Asimetrik', 'E-Test', boards], ['IP68 Konnektör 3 pin', 'Onay', 1, true]];
      break;
    case 7:
      recipe = [['Monokristal Hücre 182 mm', 'Harici İşlem', Math.ceil(power / 7)], ['EVA Film', 'Harici İşlem', Math.max(0.5, power / 50)], ['Panel Cam 3,2 mm', 'Harici İşlem', 1],
        ['Panel Alüminyum Çerçeve', 'Mekanik Montaj', 1], ['Panel Bağlantı Kutusu', 'Mekanik Montaj', 1], ['Solar Kablo 4 mm²', 'Mekanik Montaj', 1, true], ['MC4 Konnektör Takımı', 'Onay', 1, true]];
      break;
    default:
      recipe = [[power >= 100 ? 'LiFePO4 Hücre 3,2 V 20 Ah' : 'LiFePO4 Hücre 3,2 V 6 Ah', 'Mekanik Montaj', 4 * Math.ceil(power / (power >= 100 ? 20 : 6))], ['BMS 4S 20 A', 'Dizgi', 1],
        ['Akü Kutusu ABS', 'Mekanik Montaj', 1], ['IP68 Konnektör 3 pin', 'Mekanik Montaj', 1, true], ['Karton Kutu 60x25x12', 'Paketleme', 1, true]];
  }
  const rows = recipe.filter(([name]) => byName.has(name)).map(([name, want, qty, optional]) => {
    const m = byName.get(name)!;
    return {
      optional: !!optional, cost: qty * Number(m.material_price) * (USD_PER[m.material_doviz] ?? 1),
      row: { op_name: op(want), material_category: m.material_category, material_group: m.material_group, information: m.id, materialqyt: Number(qty.toFixed(4)), op_qty: 1, rowTotal: 0, materialprice: Number(m.material_price), materialcurrency: m.material_doviz as '$' | '€' | '₺', StockUpdate: true },
    };
  });
  const budget = price * (USD_PER[currency] ?? 1) * 0.8;
  const total = () => rows.reduce((n, r) => n + r.cost, 0);
  while (total() > budget) {
    const dearest = rows.filter((r) => r.optional).sort((a, b) => b.cost - a.cost)[0];
    if (!dearest) break;
    rows.splice(rows.indexOf(dearest), 1);
  }
  return rows.map((r) => r.row);
}

const CENTERS_IN = ['fatura', 'ithalat'] as const;
const CENTERS_OUT = ['uretim', 'uretim', 'fire', 'teslimat'] as const;

/**
 * A manual movement of a material: mostly purchases in (fatura, ithalat), some production, scrap and
 * delivery out; dates one day apart back from `start`.
 */
export function makeMovement(i: number, m: { id: string; material_price: number | string; material_doviz: string }, start = new Date('2025-01-01T09:00:00Z')): NewMaterialMovement {
  const out = i % 3 === 2;
  const price = Number(m.material_price) > 0 ? Number(m.material_price) : 1;
  return {
    stock_id: m.id,
    operation_type: out ? 'cikis' : 'giris',
    operation_center: out ? CENTERS_OUT[i % CENTERS_OUT.length] : CENTERS_IN[i % CENTERS_IN.length],
    qty: out ? (i % 7) + 1 : ((i % 5) + 1) * 20,
    price,
    doviz: m.material_doviz,
    description: out ? 'Üretime çıkış' : `Fatura no ${String(1000 + i).padStart(6, '0')}`,
    operation_date: new Date(start.getTime() + i * 86_400_000),
    source: 'manual',
  };
}

/**
 * The demo pictures of a product of the given index (DECISIONS 1): every product a main image
 * ('Ana Görsel') and a technical drawing, most a side image ('Yan Görsel'), every eighth a PDF datasheet.
 */
export function productMediaPlan(i: number): { side: boolean; datasheet: boolean } {
  return { side: i % 5 !== 4, datasheet: i % 8 === 0 };
}

/** The picture variant of a model: its place among the models of its category (at most 4 variants). */
export function modelPictureVariant(i: number): number {
  const cat = MODEL_DEFS[i % MODEL_DEFS.length].category;
  let n = 0;
  for (let j = 0; j < i; j++) if (MODEL_DEFS[j % MODEL_DEFS.length].category === cat) n++;
  return n % 4;
}

/** Rows of the demo image library: a model's index, which picture and the library's description. */
export const IMAGE_LIBRARY_PLAN: { model: number; picture: 'main' | 'side' | 'drawing'; description: 'Ana Görsel' | 'Yan Görsel' | 'Teknik Resim' }[] = [
  { model: 0, picture: 'main', description: 'Ana Görsel' },
  { model: 0, picture: 'drawing', description: 'Teknik Resim' },
  { model: 2, picture: 'main', description: 'Ana Görsel' },
  { model: 3, picture: 'side', description: 'Yan Görsel' },
  { model: 5, picture: 'main', description: 'Ana Görsel' },
  { model: 7, picture: 'main', description: 'Ana Görsel' },
  { model: 9, picture: 'side', description: 'Yan Görsel' },
  { model: 11, picture: 'main', description: 'Ana Görsel' },
];
