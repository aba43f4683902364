// The documents' render times (issue 13; docs/performance.md): in this process, the server's renderer
// (@isik/documents/node, the same call GET /api/pdf/... makes): a 20-line offer (p50/p95 over BENCH_PDF_RUNS renders,
// target p50 <= 120 ms) and the 5,000-product price list (a few renders). No database: the data are made here, as the
// stored offer and product list rows look. `npx tsx bench/documents.ts` runs it alone; `npm run bench` runs it last.
import { createElement } from 'react';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { OfferDocument, PriceListDocument, offerDocumentModel, priceListModel } from '@isik/documents';
import { renderDocument } from '@isik/documents/node';
import type { MyCompany, Offer, ProductListRow } from '@isik/domain';

const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) ? Number(v) : d);

const company: MyCompany = {
  _id: '1', sirket_adi: 'Işık LED Aydınlatma A.Ş.', sirket_adres: 'Ankara OSB 1. Cadde No: 12', sirket_ilce: 'Sincan', sirket_il: 'Ankara', sirket_ulke: 'Türkiye',
  sirket_pk: '06935', sirket_email: 'info@isikled.com.tr', sirket_email2: '', sirket_web: 'www.isikled.com.tr', sirket_tel: '+90 312 267 00 00', sirket_fax: '',
  sirket_vergidairesi: 'Ostim', sirket_vergino: '4810012345', sirket_rapor_logo: '', sirket_kase: '', sirket_kaseimza: '', bwlogo: '', QCQuestions: [], certificates: [],
  banks: [{ bank: 'T.C. Ziraat Bankası', branch: 'Ankara OSB', iban: 'TR560001000174512345670001', currency: '₺' }], date: '', __v: 0,
};

function offer(lines: number): Offer {
  const items = Array.from({ length: lines }, (_, k) => ({
    _id: String(k), urun_id: '', urun_resim: '', urun_adi: `Sokak Armatürü Işıklı ${k + 1} İĞŞÇÖÜ`, urun_adi_en: `Street Light ${k + 1}`, urun_kodu: ['SL', 'P1', '100W', 'O1', '4000K', 'PN'],
    urun_kdv: 20, urun_miktari: 3 + k, urun_birimi: 'Adet', urun_fiyati: 1234.5, urun_dovizi: '$', stockSum: 0, order_type: 'default', takeoff_from_stock: false,
    tamamlanmaOrani: 0, toplamTL: 148140, toplamDoviz: 3703.5, toplamKdvTL: 29628, toplamKdvDoviz: 740.7,
  }));
  return {
    _id: 'bench', firma_id: 'c', firma_adi: 'Çağlar Işıklandırma Ltd. Şti.', firma_adres: 'Gül Sok. 5', firma_ilce: 'Karşıyaka', firma_il: 'İzmir', firma_ulke: 'Türkiye',
    firma_eposta: 'a@b.test', buyer_phone: '', related_person: 'Ayşe Öztürk', teklif_tarihi: new Date().toISOString(), teklif_konu: 'Otopark aydınlatması', teklif_notu: 'Not',
    teklif_altbilgi: '', teklif_no: 'TKF-2026-0001', teklif_referansno: 'REF', teklif_durumu: 0, teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45, teklif_tarih: true,
    teklif_kase: false, teklif_kaseimza: false, commercial_invoice: false, invoice_type: 0, teklif_sevkadresi: '', orderTrackingEmail: '', offer_creator_user: 'Bench',
    offer_modified_user: '', source: 'office', siparis_tarihi: null, created_date: '', modified_date: '', teklif_tutartl: 1, teklif_tutardoviz: 1, teklif_kdvtl: 1,
    teklif_kdvdoviz: 1, teklif_gtoplamtl: 1, teklif_gtoplamdoviz: 1, offeritem: items, __v: 0,
  };
}

function products(n: number): ProductListRow[] {
  return Array.from({ length: n }, (_, i) => ({
    _id: `p${i}`, urun_sira: i, urun_adi: [`Yol Armatürü ${i} Işıklı`, `Street Light ${i}`], urun_kodu: `YA-${i}`, urun_model: null, model_sira: 1, model_category: i % 9,
    urun_guc: 100, urun_lumen: 14000, urun_kapasite: 0, urun_voltaj: 0, urun_durumu: true, urun_doviz: '$', urun_fiyat: 99.5 + i, stockSum: 0, mainImage: '',
  }));
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

export interface DocumentBenchRow { scenario: string; runs: number; p50: number; p95: number; max: number; bytes: number }

async function timed(scenario: string, runs: number, render: () => Promise<Buffer>, warmUp = true): Promise<DocumentBenchRow> {
  if (warmUp) await render(); // warm-up: fonts, layout engine
  const ms: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    bytes = (await render()).length;
    ms.push(performance.now() - t0);
  }
  const r = (v: number) => Math.round(v * 10) / 10;
  return { scenario, runs, p50: r(pct(ms, 50)), p95: r(pct(ms, 95)), max: r(Math.max(...ms)), bytes };
}

export async function runDocumentsBench(): Promise<DocumentBenchRow[]> {
  const offerModel = offerDocumentModel({ offer: offer(20), company, approver: 'Bench', lang: 0 });
  const listModel = priceListModel({ lang: 0, markup: 30, category: null, type: '0', text: 'Fiyatlara %XX kâr dahildir.', products: products(num(process.env.BENCH_PDF_PRODUCTS ?? process.env.BENCH_PRODUCTS, 5000)), company: { name: company.sirket_adi, address: '', phones: '', web: '', email: '', logo: null }, origin: 'http://localhost' });
  const rows = [
    await timed('pdf: offer, 20 lines', num(process.env.BENCH_PDF_RUNS, 40), () => renderDocument(createElement(OfferDocument, { model: offerModel }) as Parameters<typeof renderDocument>[0])),
    await timed(`pdf: price list, ${listModel.rows.length} products`, num(process.env.BENCH_PDF_LIST_RUNS, 1), () => renderDocument(createElement(PriceListDocument, { model: listModel }) as Parameters<typeof renderDocument>[0]), false),
  ];
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runDocumentsBench().then((rows) => console.table(rows), (err) => { console.error(err); process.exit(1); });
}
