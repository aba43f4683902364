import {
  buyingInputSchema, buyingStatusOptions, buyingTotals, formatDate, formatNumber, NEW_BUYING_DEFAULTS, rateField,
  type Buying, type BuyingInput, type BuyingTotals, type MessageKey,
} from '@isik/domain';

/** The edit modal's values (spec 001 3.8); dates as the date inputs answer them (YYYY-MM-DD or ''). */
export interface BuyingFormValues {
  tedarikci_id: string | null;
  tedarikci_adi: string;
  tedarikci_eposta: string;
  material_id: string;
  material_name: string;
  material_category: string;
  material_group: string;
  material_qty: number | string;
  material_unit: string;
  material_price: number | string;
  material_doviz: string;
  USD_Kur: number | string;
  EUR_Kur: number | string;
  satinalma_durumu: number;
  siparis_no: string;
  siparis_notu: string;
  talep_tarihi: string;
  siparis_tarihi: string;
  teslim_tarihi: string;
  /** The delivery date asked of the supplier (printed on the purchase order). */
  termin_tarihi: string;
  related_person: string;
  related_person_email: string;
}
export type BuyingField = keyof BuyingFormValues;

const pad = (n: number) => String(n).padStart(2, '0');
/** A date as the date input holds it (local calendar day). */
export function toInputDate(v: string | Date | null | undefined): string {
  if (!v) return '';
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? '' : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
/** YYYY-MM-DD to DD.MM.YYYY, which the server reads at local noon (the day survives time zones). */
export function toBodyDate(v: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : null;
}

export interface Person { name: string; email: string }
export interface BulletinRates { usd: string | number | null; eur: string | number | null }

/**
 * A bulletin rate as the form's number (issue 23): the bulletin answers "42.3038" (a canonical string), which the
 * Turkish number field would show as typed and refuse ("use a comma for decimals"); as a number it shows 42,3038.
 */
export function rateValue(rate: string | number | null | undefined): number | '' {
  if (rate === null || rate === undefined || rate === '') return '';
  const n = typeof rate === 'number' ? rate : Number(rate);
  return Number.isFinite(n) && n > 0 ? n : '';
}

/** A new request (spec 001 4.2): status 0, quantity 1, unit Adet; rates from the last stored bulletin, else empty. */
export function newBuyingValues(person: Person, rates: BulletinRates | null, now = new Date()): BuyingFormValues {
  const d = NEW_BUYING_DEFAULTS;
  return {
    tedarikci_id: null, tedarikci_adi: '', tedarikci_eposta: '',
    material_id: '', material_name: '', material_category: '', material_group: '',
    material_qty: d.material_qty, material_unit: d.material_unit, material_price: d.material_price, material_doviz: d.material_doviz,
    USD_Kur: rateValue(rates?.usd), EUR_Kur: rateValue(rates?.eur),
    satinalma_durumu: d.satinalma_durumu, siparis_no: '', siparis_notu: '',
    talep_tarihi: toInputDate(now), siparis_tarihi: '', teslim_tarihi: '', termin_tarihi: '',
    related_person: person.name, related_person_email: person.email,
  };
}

export function buyingToValues(b: Buying): BuyingFormValues {
  return {
    tedarikci_id: b.tedarikci_id, tedarikci_adi: b.tedarikci_adi, tedarikci_eposta: b.tedarikci_eposta,
    material_id: b.material_id, material_name: b.material_name, material_category: b.material_category, material_group: b.material_group,
    material_qty: b.material_qty, material_unit: b.material_unit, material_price: b.material_price, material_doviz: b.material_doviz,
    USD_Kur: b.USD_Kur ?? '', EUR_Kur: b.EUR_Kur ?? '', satinalma_durumu: b.satinalma_durumu, siparis_no: b.siparis_no, siparis_notu: b.siparis_notu,
    talep_tarihi: toInputDate(b.talep_tarihi), siparis_tarihi: toInputDate(b.siparis_tarihi), teslim_tarihi: toInputDate(b.teslim_tarihi), termin_tarihi: toInputDate(b.termin_tarihi),
    related_person: b.related_person, related_person_email: b.related_person_email,
  };
}

/** Spec 001 4.2: above status 0 the related person and e-mail are the signed-in user. */
export function withStatus(v: BuyingFormValues, status: number, me: Person): BuyingFormValues {
  return status > 0 ? { ...v, satinalma_durumu: status, related_person: me.name, related_person_email: me.email } : { ...v, satinalma_durumu: status };
}

/** The statuses the modal offers: forward only, Canceled always (the stored status counts, not the edited one). */
export const statusOptions = (stored: number | null) => buyingStatusOptions(stored ?? 0);

const str = (v: number | string) => (v === '' ? null : String(v));

export function toBuyingBody(v: BuyingFormValues): BuyingInput {
  return {
    tedarikci_id: v.tedarikci_id, tedarikci_adi: v.tedarikci_adi, tedarikci_eposta: v.tedarikci_eposta, material_id: v.material_id,
    material_qty: str(v.material_qty) ?? '', material_unit: v.material_unit, material_price: str(v.material_price) ?? '', material_doviz: v.material_doviz,
    USD_Kur: str(v.USD_Kur), EUR_Kur: str(v.EUR_Kur), satinalma_durumu: v.satinalma_durumu, siparis_notu: v.siparis_notu,
    talep_tarihi: toBodyDate(v.talep_tarihi), siparis_tarihi: toBodyDate(v.siparis_tarihi), teslim_tarihi: toBodyDate(v.teslim_tarihi), termin_tarihi: toBodyDate(v.termin_tarihi),
    related_person: v.related_person, related_person_email: v.related_person_email,
  };
}

/** The server's totals, computed the same way while typing (null where a number is missing). */
export function formTotals(v: BuyingFormValues): BuyingTotals | null {
  if (v.material_qty === '' || v.material_price === '') return null;
  try {
    return buyingTotals(v.material_qty, v.material_price, v.material_doviz, { usd: v.USD_Kur === '' ? null : v.USD_Kur, eur: v.EUR_Kur === '' ? null : v.EUR_Kur });
  } catch {
    return null;
  }
}

/** The server's field rules before sending (the same domain schema and messages), plus a missing rate. */
export function validateBuying(v: BuyingFormValues): Partial<Record<BuyingField, MessageKey>> {
  const out: Partial<Record<BuyingField, MessageKey>> = {};
  const r = buyingInputSchema.safeParse(toBuyingBody(v));
  if (!r.success) for (const i of r.error.issues) out[String(i.path[0]) as BuyingField] ??= i.message as MessageKey;
  if (!out.material_qty && !out.material_price) {
    const t = formTotals(v);
    if (t && t.TL_TotalPrice === null) out[rateField(v.material_doviz) === 'eur' ? 'EUR_Kur' : 'USD_Kur'] = 'buying.rate.required';
  }
  return out;
}

/** A mail to the supplier with the request's details (spec 001 2.11). */
export function mailtoLink(b: Buying, t: (key: string, params?: Record<string, unknown>) => string): string | null {
  if (!b.tedarikci_eposta) return null;
  const subject = t('buyings.mail.subject', { material: b.material_name, no: b.siparis_no || '-' });
  const lines = [
    t('buyings.mail.greeting', { supplier: b.tedarikci_adi || '' }),
    '',
    `${t('buyings.field.material')}: ${b.material_name}`,
    `${t('buyings.field.categoryGroup')}: ${b.material_category} / ${b.material_group}`,
    `${t('buyings.field.qty')}: ${formatNumber(b.material_qty, 2)} ${b.material_unit}`,
    ...(b.material_price > 0 ? [`${t('buyings.field.price')}: ${formatNumber(b.material_price, 4)} ${b.material_doviz}`] : []),
    ...(b.siparis_no ? [`${t('buyings.field.orderNo')}: ${b.siparis_no}`] : []),
    `${t('buyings.field.requestDate')}: ${formatDate(b.talep_tarihi)}`,
    ...(b.siparis_notu ? [`${t('buyings.field.note')}: ${b.siparis_notu}`] : []),
    '',
    b.related_person ? `${b.related_person}${b.related_person_email ? ` <${b.related_person_email}>` : ''}` : '',
  ];
  return `mailto:${b.tedarikci_eposta}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(lines.join('\n').trim())}`;
}
