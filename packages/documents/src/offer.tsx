/** @jsxRuntime automatic */
// (pragma: tsx and esbuild started outside a tsconfig with "jsx": "react-jsx" still compile these files for the automatic runtime)
import { Document, Image, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { formatDate, formatIban, formatNumber, joinOfferCode, type MyCompany, type Offer } from '@isik/domain';
import { ACCENT, CompanyHeader, LINE, PageFooter, base, companyHeaderOf, money, t, unitLabel, type CompanyHeaderModel, type DocLang } from './common.js';

/** What the offer document needs besides the offer: the own company, the buyer's tax data and the approver. */
export interface OfferDocInput {
  offer: Offer;
  company: MyCompany | null;
  /** The registered buyer's tax office and number (companies record), when the offer has one. */
  buyerTax?: { office: string; number: string } | null;
  /** ONAYLAYAN: the signed-in user who prints it ('' = the offer's last editor, e.g. on the customer's copy). */
  approver: string;
  lang: DocLang;
}

export interface OfferDocRow {
  no: number; product: string; code: string; qty: string; unit: string; vat: string; price: string; rowTotal: string; rowGrandTotal: string;
}

/** The offer document's view model: every text as printed (figures formatted the Turkish way). */
export interface OfferDocModel {
  lang: DocLang;
  /** 0: the offer layout; 1: the invoice layout (invoice_type 1, spec 002). */
  layout: 0 | 1;
  company: CompanyHeaderModel;
  title: string;
  subject: string;
  buyer: { name: string; address: string; contact: string; phone: string; email: string; taxOffice: string; taxNumber: string; shipTo: string };
  info: { date: string | null; number: string; reference: string; currency: string; rates: string };
  rows: OfferDocRow[];
  notes: string;
  footerNote: string;
  totals: { label: string; value: string; strong?: boolean }[];
  banks: { bank: string; branch: string; iban: string; currency: string }[];
  stamp: string | null;
  approver: string;
  creator: string;
  fileName: string;
}

const qtyText = (v: number) => formatNumber(v, Number.isInteger(v) ? 0 : 2);

/** The pure function from data to the offer document's model (shared by the /pdf page and the server). */
export function offerDocumentModel({ offer: o, company, buyerTax, approver, lang }: OfferDocInput): OfferDocModel {
  const cur = o.teklif_dovizi;
  const rows = o.offeritem.map((i, k) => ({
    no: k + 1,
    // Each document prints the name of its language (the English one when the item has it).
    product: lang === 1 ? i.urun_adi_en || i.urun_adi : i.urun_adi,
    // Code parts 0-5: model, PCB, power, optic, CCT, solar panel.
    code: joinOfferCode(i.urun_kodu.slice(0, 6)),
    qty: qtyText(i.urun_miktari),
    unit: unitLabel(i.urun_birimi, lang),
    vat: formatNumber(i.urun_kdv, Number.isInteger(i.urun_kdv) ? 0 : 2),
    price: money(i.urun_fiyati, i.urun_dovizi),
    rowTotal: money(i.toplamDoviz, cur),
    rowGrandTotal: money(Number((i.toplamDoviz + i.toplamKdvDoviz).toFixed(2)), cur),
  }));
  const totals: OfferDocModel['totals'] = [
    { label: t('doc.offer.total', lang), value: money(o.teklif_tutardoviz, cur) },
    { label: t('doc.offer.vatTotal', lang), value: money(o.teklif_kdvdoviz, cur) },
    { label: t('doc.offer.grandTotal', lang), value: money(o.teklif_gtoplamdoviz, cur), strong: true },
  ];
  if (cur !== '₺') {
    totals.push({ label: `${t('doc.offer.grandTotal', lang)} (${t('doc.offer.inLira', lang)})`, value: money(o.teklif_gtoplamtl, '₺') });
  }
  const rates = [o.teklif_usdkur ? `$ ${formatNumber(o.teklif_usdkur, 4)}` : '', o.teklif_eurkur ? `€ ${formatNumber(o.teklif_eurkur, 4)}` : ''].filter(Boolean).join('   ');
  const stamp = o.teklif_kaseimza ? company?.sirket_kaseimza || null : o.teklif_kase ? company?.sirket_kase || null : null;
  const title = o.commercial_invoice ? t('doc.offer.commercialInvoice', lang) : (o.teklif_konu || t('doc.offer.title', lang));
  return {
    lang,
    layout: o.invoice_type === 1 ? 1 : 0,
    company: companyHeaderOf(company, lang),
    title,
    subject: o.commercial_invoice || !o.teklif_konu ? o.teklif_konu : '',
    buyer: {
      name: o.firma_adi,
      address: [o.firma_adres, [o.firma_ilce, o.firma_il].filter(Boolean).join(' / '), o.firma_ulke].filter(Boolean).join(', '),
      contact: o.related_person, phone: o.buyer_phone, email: o.firma_eposta,
      taxOffice: buyerTax?.office ?? '', taxNumber: buyerTax?.number ?? '', shipTo: o.teklif_sevkadresi,
    },
    info: { date: o.teklif_tarih ? formatDate(o.teklif_tarihi) : null, number: o.teklif_no, reference: o.teklif_referansno, currency: cur, rates },
    rows,
    notes: o.teklif_notu,
    footerNote: o.teklif_altbilgi,
    totals,
    banks: (company?.banks ?? []).map((b) => ({ bank: b.bank, branch: b.branch, iban: formatIban(b.iban), currency: b.currency })),
    stamp,
    approver: approver || o.offer_modified_user || o.offer_creator_user,
    creator: o.offer_creator_user,
    fileName: `${o.commercial_invoice ? 'invoice' : 'offer'}-${o.teklif_no || o._id}.pdf`,
  };
}

const s = StyleSheet.create({
  title: { fontSize: 15, fontWeight: 'bold', color: ACCENT, textAlign: 'center', marginBottom: 2 },
  subject: { fontSize: 9, textAlign: 'center', marginBottom: 8 },
  boxes: { flexDirection: 'row', marginBottom: 8 },
  line: { marginTop: 1.2 },
  label: { color: '#52606d' },
  strip: { flexDirection: 'row', borderWidth: 0.8, borderColor: LINE, marginBottom: 8 },
  stripCell: { flex: 1, padding: 5, borderRightWidth: 0.8, borderRightColor: LINE },
  th: { flexDirection: 'row', backgroundColor: ACCENT, color: '#ffffff', fontWeight: 'bold', fontSize: 7.5 },
  tr: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: '#d9e1ea', fontSize: 7.8 },
  zebra: { backgroundColor: '#f3f6fa' },
  cell: { paddingVertical: 3, paddingHorizontal: 3 },
  code: { fontSize: 6.8, color: '#52606d', marginTop: 1 },
  after: { flexDirection: 'row', marginTop: 8 },
  notes: { flex: 1, paddingRight: 10 },
  totals: { width: 210, borderWidth: 0.8, borderColor: LINE },
  totalRow: { flexDirection: 'row', justifyContent: 'space-between', paddingVertical: 3, paddingHorizontal: 6, borderBottomWidth: 0.5, borderBottomColor: '#d9e1ea' },
  strongRow: { backgroundColor: '#e8eef5', fontWeight: 'bold' },
  banks: { marginTop: 10 },
  bankRow: { flexDirection: 'row', fontSize: 7.5, marginTop: 1.5 },
  signs: { flexDirection: 'row', marginTop: 14, justifyContent: 'space-between' },
  sign: { width: 200, height: 92, borderWidth: 0.8, borderColor: LINE, padding: 6, alignItems: 'center' },
  signTitle: { fontSize: 8.5, fontWeight: 'bold', color: ACCENT },
  stamp: { maxHeight: 56, maxWidth: 150, objectFit: 'contain', marginTop: 3 },
  footerNote: { marginTop: 10, fontSize: 7.5, color: '#3e4c59' },
});

type Col = { key: keyof OfferDocRow; head: string; width: string; align?: 'right' | 'center' };

function columns(lang: DocLang): Col[] {
  return [
    { key: 'no', head: t('doc.offer.no', lang), width: '5%', align: 'center' },
    { key: 'product', head: t('doc.offer.product', lang), width: '33%' },
    { key: 'qty', head: t('doc.offer.qty', lang), width: '10%', align: 'right' },
    { key: 'vat', head: t('doc.offer.vat', lang), width: '7%', align: 'right' },
    { key: 'price', head: t('doc.offer.price', lang), width: '14%', align: 'right' },
    { key: 'rowTotal', head: t('doc.offer.rowTotal', lang), width: '15%', align: 'right' },
    { key: 'rowGrandTotal', head: t('doc.offer.rowGrandTotal', lang), width: '16%', align: 'right' },
  ];
}

function LineTable({ m }: { m: OfferDocModel }) {
  const cols = columns(m.lang);
  return (
    <View>
      <View style={s.th} fixed>
        {cols.map((c) => <Text key={c.key} style={[s.cell, { width: c.width, textAlign: c.align ?? 'left' }]}>{c.head}</Text>)}
      </View>
      {m.rows.map((r, i) => (
        <View key={r.no} style={i % 2 === 1 ? [s.tr, s.zebra] : s.tr} wrap={false}>
          {cols.map((c) => (c.key === 'product' ? (
            <View key={c.key} style={[s.cell, { width: c.width }]}>
              <Text>{r.product}</Text>
              {r.code ? <Text style={s.code}>{r.code}</Text> : null}
            </View>
          ) : (
            <Text key={c.key} style={[s.cell, { width: c.width, textAlign: c.align ?? 'left' }]}>{c.key === 'qty' ? `${r.qty} ${r.unit}` : String(r[c.key])}</Text>
          )))}
        </View>
      ))}
    </View>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  if (!value) return null;
  return <Text style={s.line}><Text style={s.label}>{label}: </Text>{value}</Text>;
}

function BuyerBox({ m }: { m: OfferDocModel }) {
  const l = m.lang;
  return (
    <View style={[base.box, { flex: 1.4 }]}>
      <Text style={base.boxTitle}>{t('doc.offer.buyer', l)}</Text>
      <Text style={base.bold}>{m.buyer.name}</Text>
      {m.buyer.address ? <Text style={s.line}>{m.buyer.address}</Text> : null}
      <Field label={t('doc.offer.contact', l)} value={m.buyer.contact} />
      <Field label={t('doc.offer.phone', l)} value={m.buyer.phone} />
      <Field label={t('doc.offer.email', l)} value={m.buyer.email} />
      <Field label={t('doc.offer.taxOffice', l)} value={m.buyer.taxOffice} />
      <Field label={t('doc.offer.taxNumber', l)} value={m.buyer.taxNumber} />
      {/* The delivery address (teklif_sevkadresi, spec 001 3.5): the invoice layout prints it in a box of its own. */}
      {m.layout === 0 ? <Field label={t('doc.offer.shipTo', l)} value={m.buyer.shipTo} /> : null}
    </View>
  );
}

function InfoBox({ m }: { m: OfferDocModel }) {
  const l = m.lang;
  return (
    <View style={[base.box, { flex: 1, marginLeft: 8 }]}>
      <Text style={base.boxTitle}>{t('doc.offer.info', l)}</Text>
      {m.info.date !== null ? <Field label={t('doc.offer.date', l)} value={m.info.date} /> : null}
      <Field label={t('doc.offer.number', l)} value={m.info.number} />
      <Field label={t('doc.offer.reference', l)} value={m.info.reference} />
      <Field label={t('doc.offer.currency', l)} value={m.info.currency} />
      <Field label={t('doc.offer.rates', l)} value={m.info.rates} />
    </View>
  );
}

function InfoStrip({ m }: { m: OfferDocModel }) {
  const l = m.lang;
  const cells = [
    ...(m.info.date !== null ? [[t('doc.offer.date', l), m.info.date]] : []),
    [t('doc.offer.invoiceNumber', l), m.info.number],
    [t('doc.offer.reference', l), m.info.reference],
    [t('doc.offer.currency', l), m.info.currency],
  ];
  return (
    <View style={s.strip}>
      {cells.map(([k, v], i) => (
        <View key={k} style={i === cells.length - 1 ? [s.stripCell, { borderRightWidth: 0 }] : s.stripCell}>
          <Text style={s.label}>{k}</Text>
          <Text style={base.bold}>{v || '-'}</Text>
        </View>
      ))}
    </View>
  );
}

function AfterTable({ m }: { m: OfferDocModel }) {
  const l = m.lang;
  return (
    <>
      <View style={s.after} wrap={false}>
        <View style={s.notes}>
          {m.notes ? (<><Text style={base.boxTitle}>{t('doc.offer.notes', l)}</Text><Text>{m.notes}</Text></>) : null}
        </View>
        <View style={s.totals}>
          {m.totals.map((r) => (
            <View key={r.label} style={r.strong ? [s.totalRow, s.strongRow] : s.totalRow}>
              <Text>{r.label}</Text><Text>{r.value}</Text>
            </View>
          ))}
        </View>
      </View>
      {m.banks.length > 0 && (
        <View style={s.banks} wrap={false}>
          <Text style={base.boxTitle}>{t('doc.offer.banks', l)}</Text>
          {m.banks.map((b, i) => (
            <View key={i} style={s.bankRow}>
              <Text style={{ width: '30%' }}>{b.bank}{b.branch ? ` / ${b.branch}` : ''}</Text>
              <Text style={{ width: '55%' }}>{t('doc.offer.iban', l)}: {b.iban}</Text>
              <Text style={{ width: '15%', textAlign: 'right' }}>{b.currency}</Text>
            </View>
          ))}
        </View>
      )}
      <View style={s.signs} wrap={false}>
        <View style={s.sign}>
          <Text style={s.signTitle}>{t('doc.offer.approver', l)}</Text>
          <Text>{m.approver}</Text>
          {m.stamp ? <Image src={m.stamp} style={s.stamp} /> : null}
        </View>
        <View style={s.sign}>
          <Text style={s.signTitle}>{t('doc.offer.creator', l)}</Text>
          <Text>{m.creator}</Text>
        </View>
      </View>
      {m.footerNote ? <Text style={s.footerNote}>{m.footerNote}</Text> : null}
    </>
  );
}

/** The offer PDF (spec 002 /pdf/offer/t1/{id}): A4, the two layouts chosen by invoice type. */
export function OfferDocument({ model: m }: { model: OfferDocModel }) {
  return (
    <Document title={m.title} creator={m.company.name || 'Işık'} producer="Işık" language={m.lang === 0 ? 'tr' : 'en'}>
      <Page size="A4" style={base.page}>
        <CompanyHeader company={m.company} />
        <Text style={s.title}>{m.title}</Text>
        {m.subject ? <Text style={s.subject}>{m.subject}</Text> : <View style={{ height: 6 }} />}
        {m.layout === 0 ? (
          <View style={s.boxes}><BuyerBox m={m} /><InfoBox m={m} /></View>
        ) : (
          <>
            <InfoStrip m={m} />
            <View style={s.boxes}>
              <BuyerBox m={m} />
              <View style={[base.box, { flex: 1, marginLeft: 8 }]}>
                <Text style={base.boxTitle}>{t('doc.offer.shipTo', m.lang)}</Text>
                <Text>{m.buyer.shipTo || m.buyer.address}</Text>
                {m.info.rates ? <Field label={t('doc.offer.rates', m.lang)} value={m.info.rates} /> : null}
              </View>
            </View>
          </>
        )}
        <LineTable m={m} />
        <AfterTable m={m} />
        <PageFooter left={`${m.title} ${m.info.number}`} lang={m.lang} />
      </Page>
    </Document>
  );
}
