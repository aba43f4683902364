import {
  DEFAULT_OFFER_SETTINGS, NEW_OFFER_ITEM, PRODUCT_CODE_PARTS, bulletinEntry, tryComputeOffer,
  type Offer, type OfferComputation, type OfferInput, type OfferItem, type OfferSettings, type TcmbToday,
} from '@isik/domain';

/** An item row as the form holds it (the nine code parts always present). */
export interface ItemValues {
  /** The stored item's id; undefined for a row added on this screen. */
  _id?: string;
  /** A key for React lists that survives before the row has an id. */
  key: string;
  urun_id: string;
  urun_resim: string;
  urun_adi: string;
  /** The English name (the product's, or typed): English documents print it. */
  urun_adi_en: string;
  urun_kodu: string[];
  urun_kdv: number;
  urun_miktari: number;
  urun_birimi: string;
  urun_fiyati: number;
  urun_dovizi: string;
  order_type: string;
  takeoff_from_stock: boolean;
  tamamlanmaOrani: number;
  stockSum: number;
}

export interface OfferFormValues {
  firma_id: string | null;
  firma_adi: string;
  firma_adres: string;
  firma_ilce: string;
  firma_il: string;
  firma_ulke: string;
  firma_eposta: string;
  buyer_phone: string;
  related_person: string;
  /** YYYY-MM-DD as the date input answers it. */
  teklif_tarihi: string;
  teklif_konu: string;
  teklif_notu: string;
  teklif_altbilgi: string;
  teklif_no: string;
  teklif_referansno: string;
  teklif_durumu: number;
  teklif_dovizi: string;
  /** Rates as typed ('' = none). */
  teklif_usdkur: number | string;
  teklif_eurkur: number | string;
  teklif_tarih: boolean;
  teklif_kase: boolean;
  teklif_kaseimza: boolean;
  commercial_invoice: boolean;
  invoice_type: number;
  teklif_sevkadresi: string;
  orderTrackingEmail: string;
  offeritem: ItemValues[];
}

let keySeq = 0;
export const newRowKey = (): string => `row-${++keySeq}`;

const pad9 = (parts: readonly string[]): string[] => PRODUCT_CODE_PARTS.map((_, i) => parts[i] ?? '');

function isoDay(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function itemValues(i: OfferItem): ItemValues {
  return {
    _id: i._id, key: i._id, urun_id: i.urun_id, urun_resim: i.urun_resim, urun_adi: i.urun_adi, urun_adi_en: i.urun_adi_en ?? '', urun_kodu: pad9(i.urun_kodu), urun_kdv: i.urun_kdv,
    urun_miktari: i.urun_miktari, urun_birimi: i.urun_birimi, urun_fiyati: i.urun_fiyati, urun_dovizi: i.urun_dovizi, order_type: i.order_type,
    takeoff_from_stock: i.takeoff_from_stock, tamamlanmaOrani: i.tamamlanmaOrani, stockSum: i.stockSum,
  };
}

/** A new row with the defaults of spec 001 3.6 (VAT from the offer settings). */
export function newItem(vat: number = NEW_OFFER_ITEM.urun_kdv): ItemValues {
  return {
    key: newRowKey(), urun_id: '', urun_resim: '', urun_adi: '', urun_adi_en: '', urun_kodu: pad9([]), urun_kdv: vat, urun_miktari: NEW_OFFER_ITEM.urun_miktari,
    urun_birimi: NEW_OFFER_ITEM.urun_birimi, urun_fiyati: NEW_OFFER_ITEM.urun_fiyati, urun_dovizi: NEW_OFFER_ITEM.urun_dovizi, order_type: NEW_OFFER_ITEM.order_type,
    takeoff_from_stock: false, tamamlanmaOrani: 0, stockSum: 0,
  };
}

export function toFormValues(o: Offer): OfferFormValues {
  return {
    firma_id: o.firma_id, firma_adi: o.firma_adi, firma_adres: o.firma_adres, firma_ilce: o.firma_ilce, firma_il: o.firma_il, firma_ulke: o.firma_ulke,
    firma_eposta: o.firma_eposta, buyer_phone: o.buyer_phone, related_person: o.related_person, teklif_tarihi: isoDay(new Date(o.teklif_tarihi)),
    teklif_konu: o.teklif_konu, teklif_notu: o.teklif_notu, teklif_altbilgi: o.teklif_altbilgi, teklif_no: o.teklif_no, teklif_referansno: o.teklif_referansno,
    teklif_durumu: o.teklif_durumu, teklif_dovizi: o.teklif_dovizi, teklif_usdkur: o.teklif_usdkur ?? '', teklif_eurkur: o.teklif_eurkur ?? '',
    teklif_tarih: o.teklif_tarih, teklif_kase: o.teklif_kase, teklif_kaseimza: o.teklif_kaseimza, commercial_invoice: o.commercial_invoice,
    invoice_type: o.invoice_type, teklif_sevkadresi: o.teklif_sevkadresi, orderTrackingEmail: o.orderTrackingEmail, offeritem: o.offeritem.map(itemValues),
  };
}

/** A new offer: the offer settings' defaults and the selling rates of the last stored bulletin (none: empty, typed by the user). */
export function newOfferValues(settings: OfferSettings | undefined, bulletin: TcmbToday | null | undefined, now = new Date()): OfferFormValues {
  const s = settings ?? { ...DEFAULT_OFFER_SETTINGS, __v: 0 };
  return {
    firma_id: null, firma_adi: '', firma_adres: '', firma_ilce: '', firma_il: '', firma_ulke: '', firma_eposta: '', buyer_phone: '', related_person: '',
    teklif_tarihi: isoDay(now), teklif_konu: '', teklif_notu: s.teklif_notu, teklif_altbilgi: s.teklif_altbilgi, teklif_no: '', teklif_referansno: '',
    teklif_durumu: 0, teklif_dovizi: s.teklif_dovizi, teklif_usdkur: bulletin ? Number(bulletinEntry(bulletin, 'USD')?.ForexSelling ?? '') : '',
    teklif_eurkur: bulletin ? Number(bulletinEntry(bulletin, 'EUR')?.ForexSelling ?? '') : '', teklif_tarih: s.teklif_tarih, teklif_kase: s.teklif_kase,
    teklif_kaseimza: s.teklif_kaseimza, commercial_invoice: s.commercial_invoice, invoice_type: s.invoice_type, teklif_sevkadresi: '', orderTrackingEmail: '',
    offeritem: [],
  };
}

const rateOrNull = (v: number | string): number | null => (v === '' || v === null || v === undefined ? null : Number(v));

/** The money of the form as the server will compute it (domain computeOffer); null while a needed rate is missing. */
export function formMoney(v: OfferFormValues): OfferComputation | null {
  return tryComputeOffer(v.offeritem, { usd: rateOrNull(v.teklif_usdkur), eur: rateOrNull(v.teklif_eurkur) }, v.teklif_dovizi);
}

/** The body of create and update: every field, the items with their ids, and the totals the screen shows (the server checks them). */
export function toOfferBody(v: OfferFormValues): OfferInput {
  const money = formMoney(v);
  const [y, m, d] = v.teklif_tarihi.split('-');
  return {
    firma_id: v.firma_id, firma_adi: v.firma_adi, firma_adres: v.firma_adres, firma_ilce: v.firma_ilce, firma_il: v.firma_il, firma_ulke: v.firma_ulke,
    firma_eposta: v.firma_eposta, buyer_phone: v.buyer_phone, related_person: v.related_person,
    teklif_tarihi: y && m && d ? `${d}.${m}.${y}` : undefined, teklif_konu: v.teklif_konu, teklif_notu: v.teklif_notu, teklif_altbilgi: v.teklif_altbilgi,
    teklif_no: v.teklif_no || undefined, teklif_referansno: v.teklif_referansno, teklif_durumu: v.teklif_durumu, teklif_dovizi: v.teklif_dovizi,
    teklif_usdkur: rateOrNull(v.teklif_usdkur), teklif_eurkur: rateOrNull(v.teklif_eurkur), teklif_tarih: v.teklif_tarih, teklif_kase: v.teklif_kase,
    teklif_kaseimza: v.teklif_kaseimza, commercial_invoice: v.commercial_invoice, invoice_type: v.invoice_type, teklif_sevkadresi: v.teklif_sevkadresi,
    orderTrackingEmail: v.orderTrackingEmail,
    ...(money ? money.totals : {}),
    offeritem: v.offeritem.map((i) => ({
      _id: i._id, urun_id: i.urun_id, urun_resim: i.urun_resim, urun_adi: [i.urun_adi, i.urun_adi_en], urun_kodu: i.urun_kodu, urun_kdv: i.urun_kdv, urun_miktari: i.urun_miktari,
      urun_birimi: i.urun_birimi, urun_fiyati: i.urun_fiyati, urun_dovizi: i.urun_dovizi, order_type: i.order_type, takeoff_from_stock: i.takeoff_from_stock,
    })),
  };
}
