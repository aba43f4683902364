/** @jsxRuntime automatic */
// (pragma: tsx and esbuild started outside a tsconfig with "jsx": "react-jsx" still compile these files for the automatic runtime)
import { Image, StyleSheet, Text, View } from '@react-pdf/renderer';
import { formatNumber, translate, type MessageKey, type MyCompany } from '@isik/domain';
import { DOC_FONT } from './fonts.js';

/** Language index of a document (spec 002 'PDF documents'): 0 Turkish, anything else English. */
export type DocLang = 0 | 1;
export const docLang = (v: unknown): DocLang => (Number(v) === 0 || v === 'tr' ? 0 : 1);
export const t = (key: MessageKey, lang: DocLang): string => translate(key, lang === 0 ? 'tr' : 'en');
/** Unit label: Adet in Turkish, Pcs in English (spec 002). Other units are printed as stored. */
export const unitLabel = (unit: string, lang: DocLang): string => (!unit || unit === 'Adet' ? t('doc.unit.pcs', lang) : unit);
/** A figure the Turkish way (1.234,56) followed by its currency symbol. */
export const money = (v: number, currency = ''): string => `${formatNumber(v, 2)}${currency ? ` ${currency}` : ''}`;

/** The own company as every document's header prints it (report logo, address, phones, web, e-mail). */
export interface CompanyHeaderModel {
  name: string;
  address: string;
  phones: string;
  web: string;
  email: string;
  /** Report logo: a URL (browser) or a data URL (server); null prints the name only. */
  logo: string | null;
}

export function companyHeaderOf(c: Pick<MyCompany, 'sirket_adi' | 'sirket_adres' | 'sirket_ilce' | 'sirket_il' | 'sirket_pk' | 'sirket_ulke' | 'sirket_tel' | 'sirket_fax' | 'sirket_web' | 'sirket_email' | 'sirket_rapor_logo'> | null, lang: DocLang): CompanyHeaderModel {
  if (!c) return { name: '', address: '', phones: '', web: '', email: '', logo: null };
  const place = [c.sirket_pk, c.sirket_ilce, c.sirket_il].filter(Boolean).join(' ');
  const phones = [c.sirket_tel ? `${t('doc.header.phone', lang)}: ${c.sirket_tel}` : '', c.sirket_fax ? `${t('doc.header.fax', lang)}: ${c.sirket_fax}` : ''].filter(Boolean).join('   ');
  return {
    name: c.sirket_adi,
    address: [c.sirket_adres, place, c.sirket_ulke].filter(Boolean).join(', '),
    phones,
    web: c.sirket_web,
    email: c.sirket_email,
    logo: c.sirket_rapor_logo || null,
  };
}

export const ACCENT = '#1c5d99';
export const LINE = '#b8c4d0';
export const base = StyleSheet.create({
  page: { fontFamily: DOC_FONT, fontSize: 8.5, color: '#1f2933', paddingTop: 28, paddingBottom: 40, paddingHorizontal: 30 },
  bold: { fontWeight: 'bold' },
  header: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'center', borderBottomWidth: 1.2, borderBottomColor: ACCENT, paddingBottom: 6, marginBottom: 10 },
  logo: { maxHeight: 46, maxWidth: 160, objectFit: 'contain' },
  headerText: { alignItems: 'flex-end', maxWidth: 330 },
  headerName: { fontSize: 11, fontWeight: 'bold', color: ACCENT, textAlign: 'right' },
  headerLine: { fontSize: 7.5, color: '#3e4c59', textAlign: 'right', marginTop: 1 },
  footer: { position: 'absolute', bottom: 16, left: 30, right: 30, flexDirection: 'row', justifyContent: 'space-between', fontSize: 7, color: '#5c6b7a' },
  box: { borderWidth: 0.8, borderColor: LINE, padding: 6 },
  boxTitle: { fontSize: 8, fontWeight: 'bold', color: ACCENT, marginBottom: 3 },
});

/** The own company's header at the top of a page (fixed: repeated on every page). */
export function CompanyHeader({ company }: { company: CompanyHeaderModel }) {
  return (
    <View style={base.header} fixed>
      <View>{company.logo ? <Image src={company.logo} style={base.logo} /> : <Text style={base.headerName}>{company.name}</Text>}</View>
      <View style={base.headerText}>
        <Text style={base.headerName}>{company.name}</Text>
        {company.address ? <Text style={base.headerLine}>{company.address}</Text> : null}
        {company.phones ? <Text style={base.headerLine}>{company.phones}</Text> : null}
        {company.web || company.email ? <Text style={base.headerLine}>{[company.web, company.email].filter(Boolean).join('   ')}</Text> : null}
      </View>
    </View>
  );
}

/** 'Page n / total' and a left text at the bottom of every page. */
export function PageFooter({ left, lang }: { left: string; lang: DocLang }) {
  return (
    <View style={base.footer} fixed>
      <Text>{left}</Text>
      <Text render={({ pageNumber, totalPages }) => `${t('doc.page', lang)} ${pageNumber} / ${totalPages}`} />
    </View>
  );
}
