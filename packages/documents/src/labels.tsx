/** @jsxRuntime automatic */
import { Document, Image, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { LABEL_MAX_CERTIFICATES, LABEL_SIZES, labelDimensions, type LabelData, type LabelKind } from '@isik/domain';
import { DOC_FONT } from './fonts.js';
import { QrCode } from './qr.js';
import { t, unitLabel, type DocLang } from './common.js';

/** What a label prints besides its data: the black-and-white logo and the address the QR code opens. */
export interface LabelDocInput {
  kind: LabelKind;
  label: LabelData;
  /** The own company's black-and-white logo (URL in the browser, data URL on the server); null prints its name. */
  logo: string | null;
  companyName: string;
  /** The site's origin (the QR code opens {origin}/web/{ProductID}). */
  origin: string;
}

export interface LabelDocModel {
  kind: LabelKind;
  lang: DocLang;
  width: number;
  height: number;
  model: string;
  name: string;
  code: string;
  rows: { label: string; value: string }[];
  specs: { label: string; value: string }[];
  certificates: { name: string; image: string | null }[];
  warning: string;
  logo: string | null;
  companyName: string;
  qr: string | null;
}

/** The value with its unit (spec 002 5: W, Wp for solar panels, Ah, Kg), once: '100' → '100 W', '100 W' stays. */
export function withUnit(value: string, unit: string): string {
  const v = value.trim();
  if (!v) return '';
  const bare = v.replace(new RegExp(`\\s*${unit}$`, 'i'), '').trim();
  return bare ? `${bare} ${unit}` : '';
}

/** The pure function from label data to the label's model. */
export function labelDocumentModel({ kind, label: l, logo, companyName, origin }: LabelDocInput): LabelDocModel {
  const lang: DocLang = l.Lang === 1 ? 1 : 0;
  const size = LABEL_SIZES[kind];
  const power = withUnit(l.Power, kind === 'label8x10' ? 'Wp' : 'W');
  const weight = withUnit(l.Weight, 'Kg');
  const rows: LabelDocModel['rows'] = [];
  const add = (key: Parameters<typeof t>[0], value: string) => { if (value) rows.push({ label: t(key, lang), value }); };
  if (kind === 'label8x6') {
    add('doc.label.capacity', withUnit(l.Capacity, 'Ah'));
    add('doc.label.voltage', l.Voltage.trim());
    add('doc.label.dimensions', labelDimensions(l.Dimensions));
    add('doc.label.weight', weight);
  } else {
    add('doc.label.power', power);
    add('doc.label.voltage', l.Voltage.trim());
    if (kind === 'label8x10') add('doc.label.capacity', withUnit(l.Capacity, 'Ah'));
    add('doc.label.dimensions', labelDimensions(l.Dimensions));
    add('doc.label.weight', weight);
    if (kind === 'label10x10') add('doc.label.boxQty', `${l.BoxQty} ${unitLabel(l.Unit, lang)}`);
  }
  const certs = l.Certificates.filter((c) => c.certificate.trim()).slice(0, kind === 'label10x10' ? LABEL_MAX_CERTIFICATES : 4);
  return {
    kind, lang, width: size.width, height: size.height,
    model: l.model, name: l.productName, code: l.productCode, rows,
    specs: kind === 'label8x10' ? l.Specs.filter((s) => s.urun_ozellik || s.urun_aciklama).slice(0, 6).map((s) => ({ label: s.urun_ozellik, value: s.urun_aciklama })) : [],
    certificates: certs.map((c) => ({ name: c.certificate, image: c.bwfile || null })),
    warning: l.warning,
    logo: l.logoOpen ? logo : null,
    companyName,
    qr: l.qrOpen && l.ProductID ? `${origin.replace(/\/$/, '')}/web/${encodeURIComponent(l.ProductID)}` : null,
  };
}

const s = StyleSheet.create({
  page: { fontFamily: DOC_FONT, color: '#000000', padding: 10 },
  top: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-start', marginBottom: 4 },
  logo: { maxHeight: 30, maxWidth: 110, objectFit: 'contain' },
  company: { fontSize: 9, fontWeight: 'bold' },
  model: { fontWeight: 'bold' },
  name: { marginTop: 1 },
  code: { marginTop: 1, color: '#333333' },
  table: { marginTop: 4, borderTopWidth: 0.6, borderTopColor: '#000000' },
  row: { flexDirection: 'row', borderBottomWidth: 0.6, borderBottomColor: '#000000', paddingVertical: 1.6 },
  rowLabel: { width: '42%', fontWeight: 'bold' },
  rowValue: { width: '58%' },
  certs: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', marginTop: 4 },
  cert: { marginRight: 5, marginBottom: 2, alignItems: 'center' },
  certImg: { height: 18, maxWidth: 34, objectFit: 'contain' },
  certName: { fontSize: 5.5 },
  warning: { marginTop: 3, fontSize: 5.8 },
});

/** The three labels (spec 002 /pdf/label10x10, label8x10, label8x6), in points as 002 9 gives. */
export function LabelDocument({ model: m }: { model: LabelDocModel }) {
  const small = m.kind === 'label8x6';
  const fs = small ? 6.5 : 7.5;
  const qrSize = small ? 42 : 54;
  return (
    <Document title={`${m.model} ${m.name}`.trim() || 'Label'} producer="Işık" language={m.lang === 0 ? 'tr' : 'en'}>
      <Page size={[m.width, m.height]} style={[s.page, { fontSize: fs }]}>
        <View style={s.top}>
          <View style={{ flex: 1, paddingRight: 4 }}>
            {m.logo ? <Image src={m.logo} style={s.logo} /> : <Text style={s.company}>{m.companyName}</Text>}
            <Text style={[s.model, { fontSize: small ? 10 : 13, marginTop: 3 }]}>{m.model}</Text>
            <Text style={s.name}>{m.name}</Text>
            {m.code ? <Text style={s.code}>{t('doc.label.code', m.lang)}: {m.code}</Text> : null}
          </View>
          {m.qr ? <QrCode value={m.qr} size={qrSize} /> : null}
        </View>
        <View style={s.table}>
          {m.rows.map((r) => (
            <View key={r.label} style={s.row}><Text style={s.rowLabel}>{r.label}</Text><Text style={s.rowValue}>{r.value}</Text></View>
          ))}
          {m.specs.map((r, i) => (
            <View key={`s${i}`} style={s.row}><Text style={s.rowLabel}>{r.label}</Text><Text style={s.rowValue}>{r.value}</Text></View>
          ))}
        </View>
        {m.certificates.length > 0 && (
          <View style={s.certs}>
            {m.certificates.map((c, i) => (
              <View key={i} style={s.cert}>
                {c.image ? <Image src={c.image} style={s.certImg} /> : null}
                <Text style={s.certName}>{c.name}</Text>
              </View>
            ))}
          </View>
        )}
        {m.warning ? <Text style={s.warning}>{m.warning}</Text> : null}
      </Page>
    </Document>
  );
}
