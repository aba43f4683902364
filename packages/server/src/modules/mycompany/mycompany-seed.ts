import { eq } from 'drizzle-orm';
import { MY_COMPANY_ID, ibanCheckDigits, myCompanyInputSchema, type MyCompanyInput } from '@isik/domain';
import type { Db, Executor } from '../../db/database.js';
import { myCompany } from '../../db/schema.js';
import { canRenderPictures, minimalPdf, renderPng } from '../../seed/demo-images.js';
import { createFilesService, type FilesService } from '../files/files-service.js';

const SEED_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** The brand of the web app's title (packages/web/src/i18n tr.json app.name). */
export const DEMO_BRAND = 'Işık LED';
export const DEMO_COMPANY_NAME = `${DEMO_BRAND} Aydınlatma A.Ş.`;

/** A Turkish IBAN: TR + check digits + 5-digit bank code + reserve digit 0 + 16-digit account. */
export function turkishIban(bankCode: string, account: string): string {
  const bban = `${bankCode.padStart(5, '0')}0${account.padStart(16, '0')}`;
  return `TR${ibanCheckDigits('TR', bban)}${bban}`;
}

const FONT = 'DejaVu Sans, Arial, sans-serif';

/** The colour report logo: a street-light head with its light cone and the brand. */
function logoSvg(bw: boolean): string {
  const ink = bw ? '#000000' : '#1d3557';
  const accent = bw ? '#000000' : '#f08c00';
  const glow = bw ? '#ffffff' : '#ffe066';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="240" viewBox="0 0 800 240">
<rect width="800" height="240" fill="#ffffff"/>
<path d="M60 200 L60 70 Q60 40 95 40 L170 40" fill="none" stroke="${ink}" stroke-width="12" stroke-linecap="round"/>
<rect x="150" y="28" width="90" height="26" rx="10" fill="${ink}"/>
<path d="M162 58 L228 58 L262 170 L128 170 Z" fill="${glow}" stroke="${accent}" stroke-width="${bw ? 4 : 0}" opacity="${bw ? 1 : 0.85}"/>
<rect x="40" y="196" width="40" height="12" rx="3" fill="${ink}"/>
<text x="290" y="120" font-family="${FONT}" font-size="78" font-weight="700" fill="${ink}">IŞIK LED</text>
<text x="294" y="170" font-family="${FONT}" font-size="30" fill="${accent}">Aydınlatma A.Ş.</text>
<rect x="294" y="186" width="420" height="6" fill="${accent}"/>
</svg>`;
}

/** The company stamp (kaşe); with `signature` a hand-drawn signature crosses it. */
function stampSvg(signature: boolean): string {
  const blue = '#1c4fa0';
  const sig = signature
    ? `<path d="M210 330 C250 250 290 420 330 300 C350 240 370 380 400 310 C420 270 440 330 470 300 C500 270 520 320 560 290 C590 270 610 300 640 285" fill="none" stroke="#0b1d51" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>
<path d="M250 365 L600 335" stroke="#0b1d51" stroke-width="4" stroke-linecap="round"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500">
<rect width="800" height="500" fill="#ffffff"/>
<g opacity="0.9" fill="${blue}" font-family="${FONT}" text-anchor="middle">
<rect x="160" y="90" width="480" height="300" rx="24" fill="none" stroke="${blue}" stroke-width="8"/>
<rect x="176" y="106" width="448" height="268" rx="16" fill="none" stroke="${blue}" stroke-width="3"/>
<text x="400" y="168" font-size="32" font-weight="700">IŞIK LED AYDINLATMA A.Ş.</text>
<text x="400" y="218" font-size="24">Ankara OSB 1. Cadde No: 12</text>
<text x="400" y="252" font-size="24">06935 Sincan / ANKARA</text>
<text x="400" y="296" font-size="22">Tel: +90 312 267 00 00</text>
<text x="400" y="340" font-size="22">Ostim V.D. 4810012345</text>
</g>
${sig}
</svg>`;
}

/** A certificate mark in black on white (the certificate's black-and-white file). */
function markSvg(label: string, caption: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400" viewBox="0 0 800 400">
<rect width="800" height="400" fill="#ffffff"/>
<rect x="20" y="20" width="760" height="360" rx="20" fill="none" stroke="#000000" stroke-width="10"/>
<text x="400" y="240" font-family="${FONT}" font-size="190" font-weight="700" text-anchor="middle" fill="#000000">${label}</text>
<text x="400" y="330" font-family="${FONT}" font-size="30" text-anchor="middle" fill="#000000">${caption}</text>
</svg>`;
}

const CERTIFICATES = [
  { certificate: 'CE Uygunluk Beyanı (LVD 2014/35/EU, EMC 2014/30/EU)', mark: 'CE', caption: 'EN 60598-1 · EN 60598-2-3 · EN 55015', lines: ['EU Declaration of Conformity - CE', 'Isik LED Aydinlatma A.S.', 'LED street luminaires IS-SL series', 'Directives: 2014/35/EU (LVD), 2014/30/EU (EMC), 2011/65/EU (RoHS)', 'Standards: EN 60598-1, EN 60598-2-3, EN 55015, EN 61547', 'Ankara, 02.01.2026'] },
  { certificate: 'ENEC Sertifikası (EN 60598-2-3)', mark: 'ENEC', caption: 'Certificate no. ENEC-26-0412', lines: ['ENEC Certificate', 'Certificate no. ENEC-26-0412', 'Holder: Isik LED Aydinlatma A.S.', 'Product: LED road and street luminaire, IP66, Class I/II', 'Standard: EN 60598-1:2021, EN 60598-2-3:2003+A1', 'Valid until 31.12.2028'] },
  { certificate: 'TSE Hizmet Yeterlilik / TS EN 60598', mark: 'TSE', caption: 'TS EN 60598-2-3 · Belge no. 06-HYB-2211', lines: ['TSE Certificate of Conformity', 'Document no. 06-HYB-2211', 'Isik LED Aydinlatma A.S., Ankara', 'TS EN 60598-1, TS EN 60598-2-3', 'Valid until 15.06.2027'] },
] as const;

/** The own company of the demo (spec 000 2.6): the manufacturer's record "1" with images, QC questions, certificates and banks. */
export function demoMyCompany(): MyCompanyInput {
  return {
    sirket_adi: DEMO_COMPANY_NAME,
    sirket_adres: 'Ankara Organize Sanayi Bölgesi, 1. Cadde No: 12',
    sirket_ilce: 'Sincan',
    sirket_il: 'Ankara',
    sirket_ulke: 'Türkiye',
    sirket_pk: '06935',
    sirket_email: 'info@isikled.com.tr',
    sirket_email2: 'satis@isikled.com.tr',
    sirket_web: 'www.isikled.com.tr',
    sirket_tel: '+90 312 267 00 00',
    sirket_fax: '+90 312 267 00 01',
    sirket_vergidairesi: 'Ostim',
    sirket_vergino: '4810012345',
    QCQuestions: [
      { no: 1, Question: 'Gövde, cam ve conta gözle kontrol edildi mi? (çizik, çatlak, boya hatası yok)' },
      { no: 2, Question: 'IP66 sızdırmazlık testi yapıldı mı? (su jeti 3 dk, iç kısım kuru)' },
      { no: 3, Question: 'LED sürücü çıkış akımı ve gerilimi etikette yazan değerlerde mi? (±%5)' },
      { no: 4, Question: 'Fotometrik kontrol: ışık akısı (lm) ve renk sıcaklığı (K) ölçüldü, değerler tolerans içinde mi?' },
      { no: 5, Question: 'Etiket ve CE işareti doğru, okunaklı ve seri numarası kayda geçti mi?' },
    ],
    certificates: [],
    banks: [
      { bank: 'T.C. Ziraat Bankası', branch: 'Ankara OSB Şubesi (1745)', iban: turkishIban('00010', '0174512345670001'), currency: '₺' },
      { bank: 'Türkiye Garanti Bankası', branch: 'Ostim Ticari Şubesi (1528)', iban: turkishIban('00062', '0152800000098765'), currency: '$' },
    ],
  };
}

async function storePng(files: FilesService, tx: Executor, svg: string, field: string): Promise<string> {
  return (await files.storeBytes(tx, await renderPng(svg), field, { kind: 'image' })).url;
}

/** Seeds the own company once (when record "1" does not exist); answers whether it did. */
export async function seedMyCompany(db: Db, opts: { pictures?: boolean } = {}): Promise<boolean> {
  const [existing] = await db.select({ id: myCompany.id }).from(myCompany).where(eq(myCompany.id, MY_COMPANY_ID)).limit(1);
  if (existing) return false;
  const data = myCompanyInputSchema.parse(demoMyCompany());
  const withPictures = (opts.pictures ?? true) && canRenderPictures();
  const files = createFilesService({ db, maxBytes: SEED_FILE_MAX_BYTES });
  await db.transaction(async (tx) => {
    const images = { sirket_rapor_logo: '', sirket_kase: '', sirket_kaseimza: '', bwlogo: '' };
    const certificates: { certificate: string; file: string; bwfile: string }[] = [];
    for (const c of CERTIFICATES) {
      const file = (await files.storeBytes(tx, minimalPdf(c.lines), 'certificates')).url;
      const bwfile = withPictures ? await storePng(files, tx, markSvg(c.mark, c.caption), 'certificates') : '';
      certificates.push({ certificate: c.certificate, file, bwfile });
    }
    if (withPictures) {
      images.sirket_rapor_logo = await storePng(files, tx, logoSvg(false), 'sirket_rapor_logo');
      images.bwlogo = await storePng(files, tx, logoSvg(true), 'bwlogo');
      images.sirket_kase = await storePng(files, tx, stampSvg(false), 'sirket_kase');
      images.sirket_kaseimza = await storePng(files, tx, stampSvg(true), 'sirket_kaseimza');
    }
    const { QCQuestions, banks, certificates: _c, ...rest } = data;
    await tx.insert(myCompany).values({
      ...rest, ...images, id: MY_COMPANY_ID, qc_questions: QCQuestions, certificates, banks,
    }).onConflictDoNothing();
  });
  return true;
}
