/** @jsxRuntime automatic */
import { Document, Image, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { formatNumber, type PublicCompany, type PublicProductDetail } from '@isik/domain';
import { ACCENT, LINE, PageFooter, base, t, type CompanyHeaderModel, type DocLang } from './common.js';

/** Caps of spec 002 9: 10 model features and 5 electrical specs; category 7 (solar panels) 8 and 8. */
export const DATASHEET_CAPS = { default: { features: 10, specs: 5 }, solar: { features: 8, specs: 8 } } as const;
export const DATASHEET_SOLAR_CATEGORY = 7;

export interface DatasheetDocInput {
  product: PublicProductDetail;
  company: PublicCompany | null;
  lang: DocLang;
  /** Images as the engine can load them: URLs in the browser, data URLs on the server; null where there is none. */
  mainImage: string | null;
  drawing: string | null;
  /** Shown when the product has no image (spec 002: fallback images). */
  fallbackImage?: string | null;
}

export interface DatasheetDocModel {
  lang: DocLang;
  /** 1 for category 7 (the second layout). */
  layout: 0 | 1;
  company: CompanyHeaderModel;
  title: string;
  model: string;
  code: string;
  figures: { label: string; value: string }[];
  features: { label: string; value: string }[];
  specs: { label: string; value: string }[];
  certificates: string[];
  image: string | null;
  drawing: string | null;
  description: string;
}

const pairOf = (p: readonly string[], lang: DocLang) => (lang === 0 ? p[0] : p[1] || p[0]) ?? '';
const num = (v: number, unit: string, d = 0) => (v ? `${formatNumber(v, Number.isInteger(v) ? 0 : Math.max(d, 1))} ${unit}` : '');

export function publicCompanyHeader(c: PublicCompany | null): CompanyHeaderModel {
  if (!c) return { name: '', address: '', phones: '', web: '', email: '', logo: null };
  return {
    name: c.sirket_adi, address: [c.sirket_adres, [c.sirket_ilce, c.sirket_il].filter(Boolean).join(' '), c.sirket_ulke].filter(Boolean).join(', '),
    phones: c.sirket_tel ? `Tel: ${c.sirket_tel}` : '', web: c.sirket_web, email: c.sirket_email, logo: c.logo || null,
  };
}

/** The pure function from the public product to its datasheet (spec 002 /pdf/datasheet/{id}/{lang}, 9). */
export function datasheetModel({ product: p, company, lang, mainImage, drawing, fallbackImage }: DatasheetDocInput): DatasheetDocModel {
  const solar = p.model_category === DATASHEET_SOLAR_CATEGORY;
  const caps = solar ? DATASHEET_CAPS.solar : DATASHEET_CAPS.default;
  const figures = [
    { label: t('doc.datasheet.code', lang), value: p.urun_kodu },
    { label: t('doc.datasheet.power', lang), value: num(p.urun_guc, solar ? 'Wp' : 'W') },
    ...(solar ? [] : [{ label: t('doc.datasheet.lumen', lang), value: num(p.urun_lumen, 'lm') }, { label: t('doc.datasheet.cct', lang), value: p.urun_cct }, { label: t('doc.datasheet.optic', lang), value: p.urun_optik }]),
    { label: t('doc.datasheet.panel', lang), value: num(p.urun_panel, 'Wp') },
    { label: t('doc.datasheet.battery', lang), value: num(p.urun_aku, 'Ah') },
    { label: t('doc.datasheet.dimensions', lang), value: p.product_dimensions },
    { label: t('doc.datasheet.weight', lang), value: num(p.product_weight, 'Kg', 1) },
  ].filter((f) => f.value && f.value.trim() && f.value.trim() !== '-');
  return {
    lang,
    layout: solar ? 1 : 0,
    company: publicCompanyHeader(company),
    title: pairOf(p.urun_adi, lang) || p.urun_kodu,
    model: `${p.model_kodu} ${pairOf(p.model_adi, lang)}`.trim(),
    code: p.urun_kodu,
    figures,
    features: p.ModelFeatures.slice(0, caps.features).map((f) => ({ label: pairOf(f.label, lang), value: pairOf(f.feature, lang) })),
    specs: p.urun_ozellikler.slice(0, caps.specs).map((s) => ({ label: pairOf(s.urun_ozellik, lang), value: (lang === 0 ? s.urun_aciklama : s.product_description.length ? s.product_description : s.urun_aciklama).join(', ') })),
    certificates: p.certificates,
    image: mainImage || fallbackImage || null,
    drawing,
    description: pairOf(p.model_aciklama, lang).replace(/^-$/, ''),
  };
}

const s = StyleSheet.create({
  head: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'center', borderBottomWidth: 1.2, borderBottomColor: ACCENT, paddingBottom: 5, marginBottom: 8 },
  logo: { maxHeight: 36, maxWidth: 140, objectFit: 'contain' },
  title: { fontSize: 15, fontWeight: 'bold', color: ACCENT },
  sub: { fontSize: 9, color: '#52606d', marginTop: 1 },
  cols: { flexDirection: 'row', flexGrow: 1 },
  left: { width: '38%', paddingRight: 10 },
  right: { width: '62%' },
  image: { height: 200, objectFit: 'contain', borderWidth: 0.8, borderColor: LINE },
  drawing: { height: 130, objectFit: 'contain', marginTop: 6, borderWidth: 0.8, borderColor: LINE },
  section: { fontSize: 8.5, fontWeight: 'bold', color: '#ffffff', backgroundColor: ACCENT, paddingVertical: 2.5, paddingHorizontal: 5, marginTop: 6 },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: '#d9e1ea', paddingVertical: 2.2, paddingHorizontal: 4 },
  label: { width: '40%', fontWeight: 'bold' },
  value: { width: '60%' },
  certs: { flexDirection: 'row', flexWrap: 'wrap', marginTop: 3 },
  cert: { borderWidth: 0.8, borderColor: LINE, paddingVertical: 2, paddingHorizontal: 5, marginRight: 4, marginBottom: 3 },
});

function Rows({ title, rows }: { title: string; rows: { label: string; value: string }[] }) {
  if (rows.length === 0) return null;
  return (
    <View wrap={false}>
      <Text style={s.section}>{title}</Text>
      {rows.map((r, i) => <View key={i} style={s.row}><Text style={s.label}>{r.label}</Text><Text style={s.value}>{r.value}</Text></View>)}
    </View>
  );
}

/** The datasheet: A4 landscape; the solar-panel layout (category 7) puts the electrical specs before the features. */
export function DatasheetDocument({ model: m }: { model: DatasheetDocModel }) {
  const l = m.lang;
  const features = <Rows title={t('doc.datasheet.features', l)} rows={m.features} />;
  const specs = <Rows title={t('doc.datasheet.electrical', l)} rows={m.specs} />;
  return (
    <Document title={m.title} producer="Işık" language={l === 0 ? 'tr' : 'en'}>
      <Page size="A4" orientation="landscape" style={[base.page, { paddingTop: 22 }]}>
        <View style={s.head}>
          <View>
            <Text style={s.title}>{m.title}</Text>
            <Text style={s.sub}>{m.model}</Text>
          </View>
          <View style={{ alignItems: 'flex-end' }}>
            {m.company.logo ? <Image src={m.company.logo} style={s.logo} /> : <Text style={base.headerName}>{m.company.name}</Text>}
            <Text style={base.headerLine}>{[m.company.web, m.company.email, m.company.phones].filter(Boolean).join('   ')}</Text>
          </View>
        </View>
        <View style={s.cols}>
          <View style={s.left}>
            {m.image ? <Image src={m.image} style={s.image} /> : null}
            {m.drawing ? (<><Text style={s.section}>{t('doc.datasheet.drawing', l)}</Text><Image src={m.drawing} style={s.drawing} /></>) : null}
          </View>
          <View style={s.right}>
            {m.description ? <Text style={{ marginBottom: 3 }}>{m.description}</Text> : null}
            <Rows title={m.code} rows={m.figures} />
            {m.layout === 1 ? <>{specs}{features}</> : <>{features}{specs}</>}
            {m.certificates.length > 0 && (
              <View wrap={false}>
                <Text style={s.section}>{t('doc.datasheet.certificates', l)}</Text>
                <View style={s.certs}>{m.certificates.map((c) => <Text key={c} style={s.cert}>{c}</Text>)}</View>
              </View>
            )}
          </View>
        </View>
        <PageFooter left={[m.company.name, m.company.address].filter(Boolean).join(' · ')} lang={l} />
      </Page>
    </Document>
  );
}
