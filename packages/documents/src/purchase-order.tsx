/** @jsxRuntime automatic */
import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { formatDate, formatNumber, type PurchaseOrder } from '@isik/domain';
import { ACCENT, CompanyHeader, LINE, PageFooter, base, t, unitLabel, type CompanyHeaderModel, type DocLang } from './common.js';

/**
 * The purchase order to a supplier (issue 25, ADR 0040; /pdf/purchase/{id}): A4, the own company's header, the order
 * number and date, the supplier, one row per purchase under the number, the totals per currency and the delivery
 * date asked. Turkish for a supplier in Turkey, English otherwise; amounts in the language's number format.
 */

const enFormats = new Map<number, Intl.NumberFormat>();
/** A figure in the document's language: 1.234,56 (Turkish) or 1,234.56 (English). */
export function docNumber(v: number, places: number, lang: DocLang): string {
  if (lang === 0) return formatNumber(v, places);
  let f = enFormats.get(places);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { minimumFractionDigits: places, maximumFractionDigits: places });
    enFormats.set(places, f);
  }
  return f.format(v);
}
/** A price keeps its decimals beyond the cent (up to 4), at least 2. */
const priceText = (v: number, lang: DocLang) => {
  const places = Math.min(4, Math.max(2, (String(v).split('.')[1] ?? '').length));
  return docNumber(v, places, lang);
};
const qtyText = (v: number, lang: DocLang) => docNumber(v, Number.isInteger(v) ? 0 : 2, lang);
const date = (iso: string | null | undefined) => (iso ? formatDate(iso) : '');

export interface PurchaseOrderDocLine { no: number; material: string; note: string; qty: string; unit: string; price: string; currency: string; total: string; delivery: string }
export interface PurchaseOrderDocModel {
  lang: DocLang;
  title: string;
  number: string;
  orderDate: string;
  requested: string;
  supplier: { name: string; address: string; tax: string; email: string; phone: string };
  lines: PurchaseOrderDocLine[];
  totals: { label: string; value: string }[];
  company: CompanyHeaderModel;
  fileName: string;
}

export function purchaseOrderModel(a: { order: PurchaseOrder; company: CompanyHeaderModel }): PurchaseOrderDocModel {
  const { order } = a;
  const lang: DocLang = order.lang === 'tr' ? 0 : 1;
  const sup = order.supplier;
  return {
    lang,
    title: t('doc.purchase.title', lang),
    number: order.siparis_no,
    orderDate: date(order.siparis_tarihi),
    requested: date(order.termin_tarihi),
    supplier: {
      name: sup.name, address: [sup.address, sup.country].filter(Boolean).join(', '),
      tax: [sup.taxOffice, sup.taxNo].filter(Boolean).join(' / '), email: sup.email, phone: sup.phone,
    },
    lines: order.lines.map((l, i) => ({
      no: i + 1, material: l.material_name, note: l.siparis_notu, qty: qtyText(l.material_qty, lang), unit: unitLabel(l.material_unit, lang),
      price: priceText(l.material_price, lang), currency: l.material_doviz, total: docNumber(l.total, 2, lang), delivery: date(l.termin_tarihi),
    })),
    totals: order.totals.map((x) => ({ label: `${t('doc.purchase.total', lang)} (${x.doviz})`, value: `${docNumber(x.total, 2, lang)} ${x.doviz}` })),
    company: a.company,
    fileName: `purchase-order-${order.siparis_no}.pdf`,
  };
}

const s = StyleSheet.create({
  title: { fontSize: 15, fontWeight: 'bold', color: ACCENT, textAlign: 'center', marginBottom: 8 },
  boxes: { flexDirection: 'row', gap: 8, marginBottom: 10 },
  field: { flexDirection: 'row', marginBottom: 1.5 },
  fieldLabel: { width: 104, color: '#52606d' },
  fieldValue: { flex: 1 },
  th: { flexDirection: 'row', backgroundColor: ACCENT, color: '#ffffff', fontWeight: 'bold', fontSize: 7.5 },
  tr: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: '#d9e1ea', alignItems: 'flex-start' },
  cell: { paddingVertical: 3, paddingHorizontal: 3 },
  right: { textAlign: 'right' },
  dim: { color: '#52606d', fontSize: 7 },
  totals: { alignSelf: 'flex-end', width: 230, marginTop: 6, borderWidth: 0.8, borderColor: LINE },
  totalRow: { flexDirection: 'row', justifyContent: 'space-between', paddingVertical: 3, paddingHorizontal: 5, fontWeight: 'bold' },
  note: { marginTop: 14, color: '#52606d' },
});

const W = { no: '5%', material: '31%', qty: '10%', unit: '8%', price: '13%', currency: '8%', total: '14%', delivery: '11%' };

function Field({ label, value }: { label: string; value: string }) {
  return value ? <View style={s.field}><Text style={s.fieldLabel}>{label}</Text><Text style={s.fieldValue}>{value}</Text></View> : null;
}

export function PurchaseOrderDocument({ model: m }: { model: PurchaseOrderDocModel }) {
  const l = m.lang;
  return (
    <Document title={`${m.title} ${m.number}`} creator={m.company.name || 'Işık'} producer="Işık" language={l === 0 ? 'tr' : 'en'}>
      <Page size="A4" style={base.page}>
        <CompanyHeader company={m.company} />
        <Text style={s.title}>{m.title}</Text>
        <View style={s.boxes}>
          <View style={[base.box, { flex: 1 }]}>
            <Text style={base.boxTitle}>{t('doc.purchase.supplier', l)}</Text>
            <Text style={base.bold}>{m.supplier.name}</Text>
            {m.supplier.address ? <Text>{m.supplier.address}</Text> : null}
            <Field label={t('doc.purchase.tax', l)} value={m.supplier.tax} />
            {m.supplier.phone || m.supplier.email ? <Text>{[m.supplier.phone, m.supplier.email].filter(Boolean).join('   ')}</Text> : null}
          </View>
          <View style={[base.box, { width: 220 }]}>
            <Field label={t('doc.purchase.number', l)} value={m.number} />
            <Field label={t('doc.purchase.date', l)} value={m.orderDate} />
            <Field label={t('doc.purchase.requested', l)} value={m.requested} />
          </View>
        </View>
        <View style={s.th} fixed>
          <Text style={[s.cell, { width: W.no }]}>{t('doc.purchase.no', l)}</Text>
          <Text style={[s.cell, { width: W.material }]}>{t('doc.purchase.material', l)}</Text>
          <Text style={[s.cell, s.right, { width: W.qty }]}>{t('doc.purchase.qty', l)}</Text>
          <Text style={[s.cell, { width: W.unit }]}>{t('doc.purchase.unit', l)}</Text>
          <Text style={[s.cell, s.right, { width: W.price }]}>{t('doc.purchase.price', l)}</Text>
          <Text style={[s.cell, { width: W.currency }]}>{t('doc.purchase.currency', l)}</Text>
          <Text style={[s.cell, s.right, { width: W.total }]}>{t('doc.purchase.lineTotal', l)}</Text>
          <Text style={[s.cell, { width: W.delivery }]}>{t('doc.purchase.delivery', l)}</Text>
        </View>
        {m.lines.map((x) => (
          <View key={x.no} style={s.tr} wrap={false}>
            <Text style={[s.cell, { width: W.no }]}>{x.no}</Text>
            <View style={[s.cell, { width: W.material }]}>
              <Text>{x.material}</Text>
              {x.note ? <Text style={s.dim}>{x.note}</Text> : null}
            </View>
            <Text style={[s.cell, s.right, { width: W.qty }]}>{x.qty}</Text>
            <Text style={[s.cell, { width: W.unit }]}>{x.unit}</Text>
            <Text style={[s.cell, s.right, { width: W.price }]}>{x.price}</Text>
            <Text style={[s.cell, { width: W.currency }]}>{x.currency}</Text>
            <Text style={[s.cell, s.right, { width: W.total }]}>{x.total}</Text>
            <Text style={[s.cell, { width: W.delivery }]}>{x.delivery}</Text>
          </View>
        ))}
        <View style={s.totals} wrap={false}>
          {m.totals.map((x) => <View key={x.label} style={s.totalRow}><Text>{x.label}</Text><Text>{x.value}</Text></View>)}
        </View>
        <Text style={s.note}>{t('doc.purchase.footer', l)}</Text>
        <PageFooter left={`${m.title} ${m.number}`} lang={l} />
      </Page>
    </Document>
  );
}
