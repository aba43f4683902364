/** @jsxRuntime automatic */
import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { formatDate, formatDay, formatNumber, joinOfferCode, lineProductId, type MessageKey, type Offer, type OrderLine } from '@isik/domain';
import { ACCENT, CompanyHeader, LINE, PageFooter, base, t, unitLabel, type CompanyHeaderModel, type DocLang } from './common.js';
import { QrCode } from './qr.js';

/** Company names are cut to this many characters in the production list (spec 002 9). */
export const PRODUCTION_LIST_COMPANY_CHARS = 60;

const qty = (v: number) => formatNumber(v, 2);
const date = (iso: string | null | undefined) => (iso ? formatDate(iso) : '');
/** Each document prints the name of its language (DECISIONS 4): the English name when the line has one. */
const lineName = (l: OrderLine, lang: DocLang) => (lang === 1 && l.urun_adi_en ? l.urun_adi_en : l.urun_adi);
const statusText = (s: number, lang: DocLang) => t(`order.status.${s}` as MessageKey, lang);
const opStatusText = (s: number, lang: DocLang) => t(`order.operationStatus.${s === 2 ? 2 : s === 1 ? 1 : 0}` as MessageKey, lang);
/** The code a document prints: parts 0-5 joined (spec 002 3). */
const codeOf = (parts: readonly string[]) => joinOfferCode(parts.slice(0, 6));

/** The order (an offer in status 1-3) as the order documents print its head. */
export interface OrderHeadModel {
  number: string;
  company: string;
  contact: string;
  orderDate: string;
  shipTo: string;
}

function orderHead(offer: Pick<Offer, 'teklif_no' | 'firma_adi' | 'related_person' | 'siparis_tarihi' | 'teklif_tarihi' | 'teklif_sevkadresi'>): OrderHeadModel {
  return {
    number: offer.teklif_no, company: offer.firma_adi, contact: offer.related_person,
    orderDate: date(offer.siparis_tarihi ?? offer.teklif_tarihi), shipTo: offer.teklif_sevkadresi,
  };
}

// ------------------------------------------------------------------ the work order (/pdf/order/t1/{id})

export interface WorkOrderInput {
  offer: Pick<Offer, '_id' | 'teklif_no' | 'firma_adi' | 'related_person' | 'siparis_tarihi' | 'teklif_tarihi' | 'teklif_sevkadresi'>;
  lines: readonly OrderLine[];
  company: CompanyHeaderModel;
  lang: DocLang;
  /** The site's origin: the QR codes open {origin}/orderoperations/..., /app/production/... */
  origin: string;
}

export interface WorkOrderOperation { name: string; qty: string; completed: string; percent: string; status: string; staff: string; qr: string }
export interface WorkOrderLine {
  no: number; name: string; code: string; qty: string; orderDate: string; promisedDate: string; status: string; completion: string; qr: string; productQr: string | null;
  operations: WorkOrderOperation[];
}
export interface WorkOrderModel { lang: DocLang; title: string; head: OrderHeadModel; orderQr: string; lines: WorkOrderLine[]; company: CompanyHeaderModel; fileName: string }

/**
 * The work-order sheet (spec 002 /pdf/order/t1/{id}, 7): a QR code for the order (its lines and operations,
 * /app/production/orderQROptions/{orderId}), one per line (/app/production/order/{itemId}) and one per operation
 * (/orderoperations/{itemId}/{operationId}: the floor worker's two-tap recording page).
 */
export function workOrderModel(a: WorkOrderInput): WorkOrderModel {
  const { lang } = a;
  const origin = a.origin.replace(/\/+$/, '');
  const enc = encodeURIComponent;
  return {
    lang,
    title: t('doc.workOrder.title', lang),
    head: orderHead(a.offer),
    orderQr: `${origin}/app/production/orderQROptions/${enc(a.offer._id)}`,
    lines: a.lines.map((l, i) => ({
      no: i + 1,
      name: lineName(l, lang),
      code: codeOf(l.urun_kodu),
      qty: `${qty(l.urun_miktari)} ${unitLabel(l.urun_birimi, lang)}`,
      orderDate: date(l.siparis_tarihi),
      promisedDate: formatDay(l.promised_date),
      status: statusText(l.siparis_durumu, lang),
      completion: `%${formatNumber(l.tamamlanmaOrani, 1)}`,
      qr: `${origin}/app/production/order/${enc(l._id)}`,
      productQr: lineProductId(l) ? `${origin}/web/${enc(lineProductId(l) ?? '')}` : null,
      operations: l.Operations.map((o) => ({
        name: o.Operation,
        qty: `${qty(o.Qty)} ${unitLabel(l.urun_birimi, lang)}`,
        completed: qty(o.OperationComplated),
        percent: `%${formatNumber(o.OperationPercent, 1)}`,
        status: opStatusText(o.OperationStatus, lang),
        staff: o.OperationStaff,
        qr: `${origin}/orderoperations/${enc(l._id)}/${enc(o._id)}`,
      })),
    })),
    company: a.company,
    fileName: `workorder-${a.offer.teklif_no}.pdf`,
  };
}

const s = StyleSheet.create({
  title: { fontSize: 15, fontWeight: 'bold', color: ACCENT, textAlign: 'center', marginBottom: 8 },
  headRow: { flexDirection: 'row', gap: 8, marginBottom: 10 },
  field: { flexDirection: 'row', marginBottom: 1.5 },
  fieldLabel: { width: 78, color: '#52606d' },
  fieldValue: { flex: 1 },
  line: { borderWidth: 0.8, borderColor: LINE, marginBottom: 8 },
  lineHead: { flexDirection: 'row', backgroundColor: '#eef3f8', padding: 5, gap: 8, alignItems: 'center' },
  lineName: { fontSize: 10, fontWeight: 'bold' },
  dim: { color: '#52606d' },
  th: { flexDirection: 'row', backgroundColor: ACCENT, color: '#ffffff', fontWeight: 'bold', fontSize: 7.5 },
  tr: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: '#d9e1ea', alignItems: 'center' },
  cell: { paddingVertical: 2.5, paddingHorizontal: 3 },
  right: { textAlign: 'right' },
  center: { textAlign: 'center' },
  signRow: { flexDirection: 'row', gap: 16, marginTop: 14 },
  signBox: { flex: 1, borderWidth: 0.8, borderColor: LINE, height: 70, padding: 6 },
  signTitle: { fontWeight: 'bold', color: ACCENT, textAlign: 'center' },
  empty: { marginTop: 6, color: '#52606d' },
});

function Field({ label, value }: { label: string; value: string }) {
  return value ? <View style={s.field}><Text style={s.fieldLabel}>{label}</Text><Text style={s.fieldValue}>{value}</Text></View> : null;
}

function OrderHeadBox({ head, lang, qr }: { head: OrderHeadModel; lang: DocLang; qr?: string }) {
  return (
    <View style={s.headRow}>
      <View style={[base.box, { flex: 1 }]}>
        <Text style={base.boxTitle}>{t('doc.order.info', lang)}</Text>
        <Field label={t('doc.order.number', lang)} value={head.number} />
        <Field label={t('doc.offer.buyer', lang)} value={head.company} />
        <Field label={t('doc.offer.contact', lang)} value={head.contact} />
        <Field label={t('doc.order.date', lang)} value={head.orderDate} />
        <Field label={t('doc.offer.shipTo', lang)} value={head.shipTo} />
      </View>
      {qr ? <View style={[base.box, { alignItems: 'center', width: 92 }]}><QrCode value={qr} size={70} /><Text style={{ fontSize: 6.5 }}>{t('doc.workOrder.allLines', lang)}</Text></View> : null}
    </View>
  );
}

const OW = { name: '24%', qty: '15%', completed: '12%', percent: '9%', status: '14%', staff: '14%', qr: '12%' };

/** The work order: A4, the company header on every page, one block per line with its operations' QR codes. */
export function WorkOrderDocument({ model: m }: { model: WorkOrderModel }) {
  const l = m.lang;
  return (
    <Document title={`${m.title} ${m.head.number}`} producer="Işık" language={l === 0 ? 'tr' : 'en'}>
      <Page size="A4" style={base.page}>
        <CompanyHeader company={m.company} />
        <Text style={s.title}>{m.title}</Text>
        <OrderHeadBox head={m.head} lang={l} qr={m.orderQr} />
        {m.lines.length === 0 ? <Text style={s.empty}>{t('doc.order.noLines', l)}</Text> : null}
        {m.lines.map((line) => (
          <View key={line.no} style={s.line} wrap={line.operations.length > 8}>
            <View style={s.lineHead}>
              <View style={{ flex: 1 }}>
                <Text style={s.lineName}>{line.no}. {line.name}</Text>
                {line.code ? <Text style={s.dim}>{line.code}</Text> : null}
                <Text>{t('doc.order.qty', l)}: {line.qty}   {t('doc.order.date', l)}: {line.orderDate}   {line.promisedDate ? `${t('doc.order.promisedDate', l)}: ${line.promisedDate}   ` : ''}{t('doc.order.status', l)}: {line.status} ({line.completion})</Text>
              </View>
              {line.productQr ? <View style={{ alignItems: 'center' }}><QrCode value={line.productQr} size={40} /><Text style={{ fontSize: 6 }}>{t('doc.workOrder.product', l)}</Text></View> : null}
              <View style={{ alignItems: 'center' }}><QrCode value={line.qr} size={54} /><Text style={{ fontSize: 6 }}>{t('doc.workOrder.line', l)}</Text></View>
            </View>
            {line.operations.length === 0 ? <Text style={[s.cell, s.dim]}>{t('doc.workOrder.noOperations', l)}</Text> : (
              <View>
                <View style={s.th}>
                  <Text style={[s.cell, { width: OW.name }]}>{t('doc.workOrder.operation', l)}</Text>
                  <Text style={[s.cell, s.right, { width: OW.qty }]}>{t('doc.workOrder.toProduce', l)}</Text>
                  <Text style={[s.cell, s.right, { width: OW.completed }]}>{t('doc.workOrder.completed', l)}</Text>
                  <Text style={[s.cell, s.right, { width: OW.percent }]}>%</Text>
                  <Text style={[s.cell, { width: OW.status }]}>{t('doc.order.status', l)}</Text>
                  <Text style={[s.cell, { width: OW.staff }]}>{t('doc.workOrder.staff', l)}</Text>
                  <Text style={[s.cell, s.center, { width: OW.qr }]}>QR</Text>
                </View>
                {line.operations.map((o, i) => (
                  <View key={i} style={s.tr} wrap={false}>
                    <Text style={[s.cell, { width: OW.name }]}>{o.name}</Text>
                    <Text style={[s.cell, s.right, { width: OW.qty }]}>{o.qty}</Text>
                    <Text style={[s.cell, s.right, { width: OW.completed }]}>{o.completed}</Text>
                    <Text style={[s.cell, s.right, { width: OW.percent }]}>{o.percent}</Text>
                    <Text style={[s.cell, { width: OW.status }]}>{o.status}</Text>
                    <Text style={[s.cell, { width: OW.staff }]}>{o.staff}</Text>
                    <View style={[s.cell, { width: OW.qr, alignItems: 'center' }]}><QrCode value={o.qr} size={56} /></View>
                  </View>
                ))}
              </View>
            )}
          </View>
        ))}
        <PageFooter left={`${m.title} ${m.head.number}`} lang={l} />
      </Page>
    </Document>
  );
}

// ------------------------------------------------------------------ the delivery form (/pdf/order/delivery/{id})

export interface DeliveryFormDelivery { date: string; qty: string; deliverer: string; receiver: string; description: string }
export interface DeliveryFormLine { no: number; name: string; code: string; ordered: string; delivered: string; remaining: string; deliveries: DeliveryFormDelivery[] }
export interface DeliveryFormModel { lang: DocLang; title: string; head: OrderHeadModel; lines: DeliveryFormLine[]; company: CompanyHeaderModel; fileName: string }

/** The delivery form (spec 002 /pdf/order/delivery/{id}): each line's ordered, delivered and remaining quantity and its deliveries. */
export function deliveryFormModel(a: Omit<WorkOrderInput, 'origin'>): DeliveryFormModel {
  const { lang } = a;
  return {
    lang,
    title: t('doc.deliveryForm.title', lang),
    head: orderHead(a.offer),
    lines: a.lines.map((l, i) => {
      const unit = unitLabel(l.urun_birimi, lang);
      const remaining = Math.max(0, l.urun_miktari - l.teslim_edilmis);
      return {
        no: i + 1, name: lineName(l, lang), code: codeOf(l.urun_kodu),
        ordered: `${qty(l.urun_miktari)} ${unit}`, delivered: `${qty(l.teslim_edilmis)} ${unit}`, remaining: `${qty(remaining)} ${unit}`,
        deliveries: [...l.Delivery].sort((x, y) => x.tarih.localeCompare(y.tarih)).map((d) => ({
          date: date(d.tarih), qty: `${qty(d.teslimedilenmiktar)} ${unit}`, deliverer: d.personel, receiver: d.teslimalan, description: d.description,
        })),
      };
    }),
    company: a.company,
    fileName: `delivery-${a.offer.teklif_no}.pdf`,
  };
}

const DW = { date: '16%', qty: '16%', deliverer: '22%', receiver: '22%', description: '24%' };

/** The delivery form: A4; no page at all when the order has no line (the caller answers 404 instead). */
export function DeliveryFormDocument({ model: m }: { model: DeliveryFormModel }) {
  const l = m.lang;
  return (
    <Document title={`${m.title} ${m.head.number}`} producer="Işık" language={l === 0 ? 'tr' : 'en'}>
      {m.lines.length > 0 && (
        <Page size="A4" style={base.page}>
          <CompanyHeader company={m.company} />
          <Text style={s.title}>{m.title}</Text>
          <OrderHeadBox head={m.head} lang={l} />
          {m.lines.map((line) => (
            <View key={line.no} style={s.line} wrap={line.deliveries.length > 12}>
              <View style={s.lineHead}>
                <View style={{ flex: 1 }}>
                  <Text style={s.lineName}>{line.no}. {line.name}</Text>
                  {line.code ? <Text style={s.dim}>{line.code}</Text> : null}
                </View>
                <View style={{ alignItems: 'flex-end' }}>
                  <Text>{t('doc.deliveryForm.ordered', l)}: {line.ordered}</Text>
                  <Text>{t('doc.deliveryForm.delivered', l)}: {line.delivered}</Text>
                  <Text>{t('doc.deliveryForm.remaining', l)}: {line.remaining}</Text>
                </View>
              </View>
              {line.deliveries.length === 0 ? <Text style={[s.cell, s.dim]}>{t('doc.deliveryForm.none', l)}</Text> : (
                <View>
                  <View style={s.th}>
                    <Text style={[s.cell, { width: DW.date }]}>{t('doc.deliveryForm.date', l)}</Text>
                    <Text style={[s.cell, s.right, { width: DW.qty }]}>{t('doc.deliveryForm.qty', l)}</Text>
                    <Text style={[s.cell, { width: DW.deliverer }]}>{t('doc.deliveryForm.deliverer', l)}</Text>
                    <Text style={[s.cell, { width: DW.receiver }]}>{t('doc.deliveryForm.receiver', l)}</Text>
                    <Text style={[s.cell, { width: DW.description }]}>{t('doc.deliveryForm.description', l)}</Text>
                  </View>
                  {line.deliveries.map((d, i) => (
                    <View key={i} style={s.tr} wrap={false}>
                      <Text style={[s.cell, { width: DW.date }]}>{d.date}</Text>
                      <Text style={[s.cell, s.right, { width: DW.qty }]}>{d.qty}</Text>
                      <Text style={[s.cell, { width: DW.deliverer }]}>{d.deliverer}</Text>
                      <Text style={[s.cell, { width: DW.receiver }]}>{d.receiver}</Text>
                      <Text style={[s.cell, { width: DW.description }]}>{d.description}</Text>
                    </View>
                  ))}
                </View>
              )}
            </View>
          ))}
          <View style={s.signRow} wrap={false}>
            <View style={s.signBox}><Text style={s.signTitle}>{t('doc.deliveryForm.deliveredBy', l)}</Text></View>
            <View style={s.signBox}><Text style={s.signTitle}>{t('doc.deliveryForm.receivedBy', l)}</Text></View>
          </View>
          <PageFooter left={`${m.title} ${m.head.number}`} lang={l} />
        </Page>
      )}
    </Document>
  );
}

// ------------------------------------------------------------------ the production list (/pdf/workorders)

export interface ProductionListRow { no: number; orderDate: string; company: string; name: string; code: string; qty: string; operation: string; completion: string; status: string }
export interface ProductionListModel { lang: DocLang; title: string; date: string; rows: ProductionListRow[]; count: string; company: CompanyHeaderModel }

/** Cut to `n` characters (the production list's company names: 60). */
export function cutText(v: string, n: number): string {
  const chars = [...v];
  return chars.length > n ? chars.slice(0, n).join('') : v;
}

/** The operation a line is at: the first unfinished one, else the last. */
function currentOperation(l: OrderLine): string {
  return (l.Operations.find((o) => o.OperationStatus !== 2) ?? l.Operations[l.Operations.length - 1])?.Operation ?? '';
}

/**
 * The production list (spec 002 /pdf/workorders): the order lines in status 1-3 as the caller sorted them (by
 * operation), company names cut to 60 characters; a line without an offer is stock or sub-assembly production.
 */
export function productionListModel(a: { lines: readonly OrderLine[]; company: CompanyHeaderModel; lang: DocLang; now?: Date }): ProductionListModel {
  const { lang } = a;
  return {
    lang,
    title: t('doc.productionList.title', lang),
    date: formatDate((a.now ?? new Date()).toISOString()),
    rows: a.lines.map((l, i) => ({
      no: i + 1,
      orderDate: date(l.siparis_tarihi),
      company: cutText(l.teklifno?.firma_adi || t('doc.productionList.stock', lang), PRODUCTION_LIST_COMPANY_CHARS),
      name: lineName(l, lang),
      code: codeOf(l.urun_kodu),
      qty: `${qty(l.urun_miktari)} ${unitLabel(l.urun_birimi, lang)}`,
      operation: currentOperation(l),
      completion: `%${formatNumber(l.tamamlanmaOrani, 1)}`,
      status: statusText(l.siparis_durumu, lang),
    })),
    count: t('doc.productionList.count', lang).replace('{{count}}', formatNumber(a.lines.length, 0)),
    company: a.company,
  };
}

const PW = { no: '4%', date: '10%', company: '23%', name: '25%', qty: '10%', operation: '12%', completion: '7%', status: '9%' };

/** The production list: A4, header and column titles on every page. */
export function ProductionListDocument({ model: m }: { model: ProductionListModel }) {
  const l = m.lang;
  return (
    <Document title={m.title} producer="Işık" language={l === 0 ? 'tr' : 'en'}>
      <Page size="A4" style={base.page}>
        <CompanyHeader company={m.company} />
        <Text style={s.title}>{m.title}</Text>
        <View style={[s.field, { justifyContent: 'space-between', marginBottom: 6 }]}><Text>{m.date}</Text><Text>{m.count}</Text></View>
        {m.rows.length > 0 && (
          <View style={s.th} fixed>
            <Text style={[s.cell, { width: PW.no }]}>No</Text>
            <Text style={[s.cell, { width: PW.date }]}>{t('doc.order.date', l)}</Text>
            <Text style={[s.cell, { width: PW.company }]}>{t('doc.productionList.company', l)}</Text>
            <Text style={[s.cell, { width: PW.name }]}>{t('doc.offer.product', l)}</Text>
            <Text style={[s.cell, s.right, { width: PW.qty }]}>{t('doc.order.qty', l)}</Text>
            <Text style={[s.cell, { width: PW.operation }]}>{t('doc.workOrder.operation', l)}</Text>
            <Text style={[s.cell, s.right, { width: PW.completion }]}>%</Text>
            <Text style={[s.cell, { width: PW.status }]}>{t('doc.order.status', l)}</Text>
          </View>
        )}
        {m.rows.length === 0 ? <Text style={s.empty}>{t('doc.order.noLines', l)}</Text> : null}
        {m.rows.map((r, i) => (
          <View key={r.no} style={i % 2 === 1 ? [s.tr, { backgroundColor: '#f3f6fa' }] : s.tr} wrap={false}>
            <Text style={[s.cell, { width: PW.no }]}>{r.no}</Text>
            <Text style={[s.cell, { width: PW.date }]}>{r.orderDate}</Text>
            <Text style={[s.cell, { width: PW.company }]}>{r.company}</Text>
            <View style={[s.cell, { width: PW.name }]}><Text>{r.name}</Text>{r.code ? <Text style={s.dim}>{r.code}</Text> : null}</View>
            <Text style={[s.cell, s.right, { width: PW.qty }]}>{r.qty}</Text>
            <Text style={[s.cell, { width: PW.operation }]}>{r.operation}</Text>
            <Text style={[s.cell, s.right, { width: PW.completion }]}>{r.completion}</Text>
            <Text style={[s.cell, { width: PW.status }]}>{r.status}</Text>
          </View>
        ))}
        <PageFooter left={m.title} lang={l} />
      </Page>
    </Document>
  );
}
