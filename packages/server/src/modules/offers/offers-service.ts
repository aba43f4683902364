import {
  canChangeOfferRows, canMoveOfferStatus, checkOffer, DEFAULT_OFFER_SETTINGS, joinOfferCode, NEW_OFFER_ITEM, OFFER_TOTAL_FIELDS,
  offerInputSchema, type MessageKey, type OfferInput, type OfferData, type OfferLineTotals, type OfferItemData, type OfferSettings, type OfferSort,
} from '@isik/domain';
import type { Db, Executor } from '../../db/database.js';
import { AppError, badRequest, conflict, dbConstraint, dbErrorCode, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordChange, type Actor } from '../../lib/log.js';
import { trackingToken, verifyTrackingToken } from '../../lib/tracking-token.js';
import { createLinesForOffer, offerLinesBlock, renameOfferLines, withdrawLinesForOffer } from '../orders/orders-service.js';
import { upsertContactFromOffer } from './contacts-service.js';
import { offerListEnvelope } from './offer-list-text.js';
import {
  allocateOfferNumber, deleteOffer, deleteOfferItems, findOffer, insertOffer, insertOfferItems, latestRates, listCompanyOffers, listOffers, lockOffer,
  lockOfferSettingsRow, offerNoOf, offerSettingsRow, storedItems, updateOffer, updateOfferItems, writeOfferSettings, type OfferItemRow, type OfferRow,
} from './offers-repository.js';
import { companyExists } from '../companies/companies-repository.js';

/** An item as the rules and the writer see it: the body's values over the stored row's (or the defaults). */
interface ItemDraft {
  id: string;
  isNew: boolean;
  urun_id: string; urun_resim: string; urun_adi: string; urun_adi_en: string; urun_kodu: string[]; urun_kdv: number; urun_miktari: number; urun_birimi: string;
  urun_fiyati: number; urun_dovizi: string; order_type: string; takeoff_from_stock: boolean; tamamlanma_orani: string;
}

const toNumber = (v: string | number): number => (typeof v === 'number' ? v : Number(v));

function itemFromRow(r: OfferItemRow): ItemDraft {
  return {
    id: r.id, isNew: false, urun_id: r.urun_id, urun_resim: r.urun_resim, urun_adi: r.urun_adi, urun_adi_en: r.urun_adi_en, urun_kodu: r.urun_kodu ?? [],
    urun_kdv: toNumber(r.urun_kdv), urun_miktari: toNumber(r.urun_miktari), urun_birimi: r.urun_birimi, urun_fiyati: toNumber(r.urun_fiyati),
    urun_dovizi: r.urun_dovizi, order_type: r.order_type, takeoff_from_stock: r.takeoff_from_stock, tamamlanma_orani: r.tamamlanma_orani,
  };
}

function itemFromInput(d: OfferItemData, stored: Map<string, OfferItemRow>, defaultVat: number): ItemDraft {
  const old = d._id ? stored.get(d._id) : undefined;
  const base = old ? itemFromRow(old) : null;
  return {
    id: old?.id ?? newId(), isNew: !old,
    urun_id: d.urun_id ?? base?.urun_id ?? '', urun_resim: d.urun_resim ?? base?.urun_resim ?? '', urun_adi: d.urun_adi,
    // A single name (an older client) keeps the stored English name while the Turkish one is unchanged.
    urun_adi_en: d.urun_adi_en ?? (base && base.urun_adi === d.urun_adi ? base.urun_adi_en : ''),
    urun_kodu: d.urun_kodu ?? base?.urun_kodu ?? [], urun_kdv: d.urun_kdv ?? base?.urun_kdv ?? defaultVat,
    urun_miktari: d.urun_miktari ?? base?.urun_miktari ?? NEW_OFFER_ITEM.urun_miktari, urun_birimi: d.urun_birimi,
    urun_fiyati: d.urun_fiyati ?? base?.urun_fiyati ?? NEW_OFFER_ITEM.urun_fiyati, urun_dovizi: d.urun_dovizi ?? base?.urun_dovizi ?? NEW_OFFER_ITEM.urun_dovizi,
    order_type: d.order_type, takeoff_from_stock: d.takeoff_from_stock ?? base?.takeoff_from_stock ?? false,
    // Completion belongs to the order line (orders area): a body never changes it.
    tamamlanma_orani: base?.tamamlanma_orani ?? '0',
  };
}

/** The offer's header columns (as stored). */
interface Header {
  firma_id: string | null; firma_adi: string; firma_adres: string; firma_ilce: string; firma_il: string; firma_ulke: string; firma_eposta: string;
  buyer_phone: string; related_person: string; teklif_tarihi: Date; teklif_konu: string; teklif_notu: string; teklif_altbilgi: string;
  teklif_referansno: string; teklif_durumu: number; teklif_dovizi: string; teklif_usdkur: string | null; teklif_eurkur: string | null;
  teklif_tarih: boolean; teklif_kase: boolean; teklif_kaseimza: boolean; commercial_invoice: number; invoice_type: number;
  teklif_sevkadresi: string; order_tracking_email: string;
}
type NewOfferBase = Header;

/** The offer's header columns from a body over a base (stored row or the defaults of a new offer). */
function headerOf(d: OfferData, base: OfferRow | NewOfferBase): Header {
  return {
    firma_id: d.firma_id !== undefined ? d.firma_id : base.firma_id,
    firma_adi: d.firma_adi ?? base.firma_adi, firma_adres: d.firma_adres ?? base.firma_adres, firma_ilce: d.firma_ilce ?? base.firma_ilce,
    firma_il: d.firma_il ?? base.firma_il, firma_ulke: d.firma_ulke ?? base.firma_ulke, firma_eposta: d.firma_eposta ?? base.firma_eposta,
    buyer_phone: d.buyer_phone ?? base.buyer_phone, related_person: d.related_person ?? base.related_person,
    teklif_tarihi: d.teklif_tarihi ?? base.teklif_tarihi, teklif_konu: d.teklif_konu ?? base.teklif_konu, teklif_notu: d.teklif_notu ?? base.teklif_notu,
    teklif_altbilgi: d.teklif_altbilgi ?? base.teklif_altbilgi, teklif_referansno: d.teklif_referansno ?? base.teklif_referansno,
    teklif_durumu: d.teklif_durumu ?? base.teklif_durumu, teklif_dovizi: d.teklif_dovizi ?? base.teklif_dovizi,
    teklif_usdkur: d.teklif_usdkur !== undefined ? d.teklif_usdkur : base.teklif_usdkur,
    teklif_eurkur: d.teklif_eurkur !== undefined ? d.teklif_eurkur : base.teklif_eurkur,
    teklif_tarih: d.teklif_tarih ?? base.teklif_tarih, teklif_kase: d.teklif_kase ?? base.teklif_kase, teklif_kaseimza: d.teklif_kaseimza ?? base.teklif_kaseimza,
    commercial_invoice: d.commercial_invoice === undefined ? base.commercial_invoice : d.commercial_invoice ? 1 : 0,
    invoice_type: d.invoice_type ?? base.invoice_type, teklif_sevkadresi: d.teklif_sevkadresi ?? base.teklif_sevkadresi,
    order_tracking_email: d.orderTrackingEmail ?? base.order_tracking_email,
  };
}

const invalid = (key: MessageKey, fields: Record<string, MessageKey>) => new AppError(400, key, fields);

/** Checks a merged offer (spec 001 5) and answers the computed lines and totals, or throws 400 naming every field. */
async function checked(tx: Executor, h: Header, items: ItemDraft[], d: OfferData) {
  let companyKnown = false;
  if (h.firma_id) {
    companyKnown = await companyExists(tx, h.firma_id);
    if (!companyKnown && h.teklif_durumu === 0) throw invalid('offer.company.unknown', { firma_id: 'offer.company.unknown' });
  }
  const sent = Object.fromEntries(OFFER_TOTAL_FIELDS.map((f) => [f, d[f]]));
  const r = checkOffer({ ...h, offeritem: items }, sent, companyKnown);
  if (!r.ok) throw invalid(r.message, r.fields);
  return r.money;
}

/**
 * Writes the items of an offer in a few statements (a 50-row offer is one delete, one update and one insert): stored
 * rows not sent are deleted, sent rows updated or inserted, `sira` following the body's order.
 */
async function writeItems(tx: Executor, offerId: string, items: ItemDraft[], lines: OfferLineTotals[], stored: OfferItemRow[]) {
  const keep = new Set(items.filter((i) => !i.isNew).map((i) => i.id));
  const gone = stored.filter((s) => !keep.has(s.id)).map((s) => s.id);
  if (gone.length) await deleteOfferItems(tx, gone);
  const rows = items.map((it, i) => {
    const l = lines[i];
    return {
      id: it.id, offer_id: offerId, sira: i, urun_id: it.urun_id, urun_resim: it.urun_resim, urun_adi: it.urun_adi, urun_adi_en: it.urun_adi_en, urun_kodu: it.urun_kodu, urun_kdv: String(it.urun_kdv),
      urun_miktari: String(it.urun_miktari), urun_birimi: it.urun_birimi, urun_fiyati: String(it.urun_fiyati), urun_dovizi: it.urun_dovizi,
      order_type: it.order_type, takeoff_from_stock: it.takeoff_from_stock,
      toplam_tl: String(l.toplamTL), toplam_doviz: String(l.toplamDoviz), toplam_kdv_tl: String(l.toplamKdvTL), toplam_kdv_doviz: String(l.toplamKdvDoviz),
    };
  });
  const fresh = rows.filter((_, i) => items[i].isNew);
  const changed = rows.filter((_, i) => !items[i].isNew);
  if (fresh.length) await insertOfferItems(tx, fresh);
  if (changed.length) await updateOfferItems(tx, offerId, changed);
}

function totalsColumns(t: { teklif_tutartl: number; teklif_kdvtl: number; teklif_gtoplamtl: number; teklif_tutardoviz: number; teklif_kdvdoviz: number; teklif_gtoplamdoviz: number }) {
  return {
    teklif_tutartl: String(t.teklif_tutartl), teklif_kdvtl: String(t.teklif_kdvtl), teklif_gtoplamtl: String(t.teklif_gtoplamtl),
    teklif_tutardoviz: String(t.teklif_tutardoviz), teklif_kdvdoviz: String(t.teklif_kdvdoviz), teklif_gtoplamdoviz: String(t.teklif_gtoplamdoviz),
  };
}

/** A unique violation on the offer number answers 409 naming the field, not a generic conflict. */
function numberTaken(err: unknown): never {
  if (dbErrorCode(err) === '23505' && dbConstraint(err) === 'offers_no_uq') throw conflict('offer.no.taken', { teklif_no: 'offer.no.taken' });
  throw err;
}

export async function readOfferSettings(db: Executor): Promise<OfferSettings> {
  const r = await offerSettingsRow(db);
  if (!r) return { ...DEFAULT_OFFER_SETTINGS, __v: 0 };
  return {
    teklif_altbilgi: r.teklif_altbilgi, teklif_notu: r.teklif_notu, teklif_dovizi: r.teklif_dovizi, urun_kdv: Number(r.urun_kdv),
    vat_choices: (r.vat_choices ?? []).length ? r.vat_choices.map(Number) : [...DEFAULT_OFFER_SETTINGS.vat_choices],
    teklif_tarih: r.teklif_tarih, teklif_kaseimza: r.teklif_kaseimza, teklif_kase: r.teklif_kase, commercial_invoice: r.commercial_invoice,
    invoice_type: r.invoice_type, mail_subject: r.mail_subject, mail_text: r.mail_text, __v: r.version,
  };
}

/** What a new offer starts with: the offer settings, the latest stored bulletin's selling rates, today, status 0. */
async function newOfferBase(tx: Executor): Promise<{ base: NewOfferBase; vat: number }> {
  const s = await readOfferSettings(tx);
  const rates = await latestRates(tx);
  return {
    vat: s.urun_kdv,
    base: {
      firma_id: null, firma_adi: '', firma_adres: '', firma_ilce: '', firma_il: '', firma_ulke: '', firma_eposta: '', buyer_phone: '', related_person: '',
      teklif_tarihi: new Date(), teklif_konu: '', teklif_notu: s.teklif_notu, teklif_altbilgi: s.teklif_altbilgi, teklif_referansno: '', teklif_durumu: 0,
      teklif_dovizi: s.teklif_dovizi, teklif_usdkur: rates.usd, teklif_eurkur: rates.eur, teklif_tarih: s.teklif_tarih, teklif_kase: s.teklif_kase,
      teklif_kaseimza: s.teklif_kaseimza, commercial_invoice: s.commercial_invoice ? 1 : 0, invoice_type: s.invoice_type, teklif_sevkadresi: '', order_tracking_email: '',
    },
  };
}

export interface OfferWriteOptions { log?: boolean }

/** Creates an offer inside the caller's transaction (also used by copy and the demo seed); answers its id. */
export async function createOfferInTx(tx: Executor, actor: Actor, d: OfferData, opts: OfferWriteOptions & { source?: string } = {}): Promise<string> {
  const { base, vat } = await newOfferBase(tx);
  const h = headerOf(d, base);
  // New offers start at 0; becoming an order right away is the move 0 -> 1.
  if (!canMoveOfferStatus(0, h.teklif_durumu)) throw conflict('offer.status.transition', { teklif_durumu: 'offer.status.transition' });
  const items = (d.offeritem ?? []).map((i) => itemFromInput(i, new Map(), vat));
  const money = await checked(tx, h, items, d);
  const id = newId();
  const number = await allocateOfferNumber(tx, h.teklif_tarihi);
  await insertOffer(tx, {
    id, teklif_no: number.no, teklif_yil: number.year, teklif_sira: number.seq, ...h, source: opts.source ?? 'office',
    siparis_tarihi: h.teklif_durumu === 1 ? new Date() : null, offer_creator_user: actor.name, offer_modified_user: actor.name, ...totalsColumns(money.totals),
  }).catch(numberTaken);
  await writeItems(tx, id, items, money.lines, []);
  // DECISIONS 4: an order gets its order lines in the same transaction.
  if (h.teklif_durumu === 1) await createLinesForOffer(tx, actor, id);
  await upsertContactFromOffer(tx, actor, h, opts.log !== false);
  if (opts.log !== false) {
    await recordChange(tx, actor, { title: 'log.offer.created', description: `${number.no}: ${h.firma_adi} (${items.length} kalem, ${money.totals.teklif_gtoplamdoviz} ${h.teklif_dovizi})`, form: 'offers', operation_id: id }, { entity: 'offers', id, action: 'created' });
  }
  return id;
}

export function createOffersService(deps: { db: Db; secret: () => string; publicUrl?: () => string | undefined }) {
  const { db } = deps;

  async function get(id: string) {
    const o = await findOffer(db, id);
    if (!o) throw notFound();
    return o;
  }

  return {
    get,

    /** The staff's copy of the order-tracking address (DECISIONS 4): PUBLIC_URL, else the request's origin. */
    trackingUrl(o: { _id: string; firma_id: string | null }, origin: string): string | undefined {
      if (!o.firma_id) return undefined;
      const base = (deps.publicUrl?.() || origin).replace(/\/+$/, '');
      return `${base}/ordertracking/${encodeURIComponent(o._id)}/${encodeURIComponent(o.firma_id)}/${trackingToken(deps.secret(), o._id, o.firma_id)}`;
    },

    /** The documents' call (001 7): open without a session when the token is the order-tracking token of the two ids. */
    async getTracked(id: string, companyId: string, token: string) {
      if (!verifyTrackingToken(deps.secret(), id, companyId, token)) throw notFound();
      const o = await findOffer(db, id);
      if (!o || o.firma_id !== companyId) throw notFound();
      return o;
    },

    /** A page of the offer list as the JSON of offerListSchema, UTF-8 bytes (the rows written by PostgreSQL: listOffers). */
    async list(a: { page: number; pageSize: number; orderBy: OfferSort; order: 'asc' | 'desc'; search?: string; from: number; to: number; anchor?: string }): Promise<Buffer> {
      return listOffers(db, a, (total, totals, capped) => offerListEnvelope({ page: a.page, totalPage: Math.max(1, Math.ceil(total / a.pageSize)), totalItemCount: total, totals, ...(capped ? { total_capped: true } : {}) }));
    },

    async companyList(companyId: string, a: { from: number; to: number; page: number; pageSize: number }) {
      if (!(await companyExists(db, companyId))) throw notFound();
      const { rows, total } = await listCompanyOffers(db, companyId, a);
      return { offers: rows, page: a.page, totalPage: Math.max(1, Math.ceil(total / a.pageSize)), totalItemCount: total };
    },

    async create(actor: Actor, d: OfferData) {
      const id = await db.transaction((tx) => createOfferInTx(tx, actor, d));
      return get(id);
    },

    /**
     * Saves an offer (DECISIONS 1, 4): a stale `__v` answers 409; status moves follow canMoveOfferStatus and stop at an
     * order error; rows are added or removed only in status 0; the server recomputes every line and total.
     */
    async update(actor: Actor, id: string, d: OfferData) {
      await db.transaction(async (tx) => {
        const row = await lockOffer(tx, id);
        if (!row) throw notFound();
        if (d.__v !== undefined && d.__v !== row.version) throw conflict();
        const stored = await storedItems(tx, id);
        const h = headerOf(d, row);
        const storedById = new Map(stored.map((s) => [s.id, s]));
        const items = d.offeritem ? d.offeritem.map((i) => itemFromInput(i, storedById, DEFAULT_OFFER_SETTINGS.urun_kdv)) : stored.map(itemFromRow);
        const leavesOrder = row.teklif_durumu === 1 && h.teklif_durumu !== 1;
        if (h.teklif_durumu !== row.teklif_durumu) {
          if (!canMoveOfferStatus(row.teklif_durumu, h.teklif_durumu)) throw conflict('offer.status.transition', { teklif_durumu: 'offer.status.transition' });
          // DECISIONS 4: leaving 1 is refused while a line not taken from stock has started (the real order lines decide).
          const block = leavesOrder ? await offerLinesBlock(tx, id) : null;
          if (block) throw block;
        }
        if (d.offeritem && !canChangeOfferRows(row.teklif_durumu)) {
          const same = items.length === stored.length && items.every((i) => !i.isNew);
          if (!same) throw conflict('offer.items.locked', { offeritem: 'offer.items.locked' });
        }
        const money = await checked(tx, h, items, d);
        const becomesOrder = h.teklif_durumu === 1 && row.teklif_durumu !== 1;
        await updateOffer(tx, id, {
          ...h, ...(d.teklif_no ? { teklif_no: d.teklif_no } : {}), ...totalsColumns(money.totals),
          ...(becomesOrder ? { siparis_tarihi: new Date() } : {}),
          offer_modified_user: actor.name,
        }).catch(numberTaken);
        await writeItems(tx, id, items, money.lines, stored);
        if (becomesOrder) await createLinesForOffer(tx, actor, id);
        else if (leavesOrder) await withdrawLinesForOffer(tx, actor, id);
        else if (h.teklif_durumu >= 1 && h.teklif_durumu <= 3 && h.firma_adi !== row.firma_adi) await renameOfferLines(tx, id, h.firma_adi);
        await upsertContactFromOffer(tx, actor, h, true);
        const moved = h.teklif_durumu !== row.teklif_durumu ? ` (durum ${row.teklif_durumu} → ${h.teklif_durumu})` : '';
        await recordChange(tx, actor, { title: becomesOrder ? 'log.offer.toOrder' : 'log.offer.updated', description: `${d.teklif_no || row.teklif_no}: ${h.firma_adi}${moved}`, form: 'offers', operation_id: id }, { entity: 'offers', id, action: 'updated' });
      });
      return get(id);
    },

    /** Copy (spec 001 2.9): a new draft with a new number, today, the same items, and rates re-read from the latest bulletin. */
    async copy(actor: Actor, id: string) {
      const newId_ = await db.transaction(async (tx) => {
        const src = await findOffer(tx, id);
        if (!src) throw notFound();
        const rates = await latestRates(tx);
        const body: OfferData = offerInputSchema.parse({
          firma_id: src.firma_id, firma_adi: src.firma_adi, firma_adres: src.firma_adres, firma_ilce: src.firma_ilce, firma_il: src.firma_il,
          firma_ulke: src.firma_ulke, firma_eposta: src.firma_eposta, buyer_phone: src.buyer_phone, related_person: src.related_person,
          teklif_konu: src.teklif_konu, teklif_notu: src.teklif_notu, teklif_altbilgi: src.teklif_altbilgi, teklif_referansno: src.teklif_referansno,
          teklif_durumu: 0, teklif_dovizi: src.teklif_dovizi,
          // No bulletin stored: the copy keeps the source's rates rather than inventing or dropping them.
          teklif_usdkur: rates.usd ?? (src.teklif_usdkur === null ? null : String(src.teklif_usdkur)),
          teklif_eurkur: rates.eur ?? (src.teklif_eurkur === null ? null : String(src.teklif_eurkur)),
          teklif_tarih: src.teklif_tarih, teklif_kase: src.teklif_kase, teklif_kaseimza: src.teklif_kaseimza, commercial_invoice: src.commercial_invoice,
          invoice_type: src.invoice_type, teklif_sevkadresi: src.teklif_sevkadresi, orderTrackingEmail: src.orderTrackingEmail,
          offeritem: src.offeritem.map((i) => ({
            urun_id: i.urun_id, urun_resim: i.urun_resim, urun_adi: [i.urun_adi, i.urun_adi_en], urun_kodu: i.urun_kodu, urun_kdv: i.urun_kdv, urun_miktari: i.urun_miktari,
            urun_birimi: i.urun_birimi, urun_fiyati: i.urun_fiyati, urun_dovizi: i.urun_dovizi,
            order_type: i.order_type, takeoff_from_stock: i.takeoff_from_stock,
          })),
        } satisfies OfferInput);
        const created = await createOfferInTx(tx, actor, body, { log: false });
        const no = await offerNoOf(tx, created);
        await recordChange(tx, actor, { title: 'log.offer.copied', description: `${src.teklif_no} → ${no ?? ''}: ${src.firma_adi}`, form: 'offers', operation_id: created }, { entity: 'offers', id: created, action: 'created' });
        return created;
      });
      return get(newId_);
    },

    /** Delete (spec 001 2.10): only in status 0 or 1 and without an order error; the items go with it. */
    async remove(actor: Actor, id: string) {
      await db.transaction(async (tx) => {
        const row = await lockOffer(tx, id);
        if (!row) throw notFound();
        if (row.teklif_durumu !== 0 && row.teklif_durumu !== 1) throw conflict('offer.delete.status');
        const stored = await storedItems(tx, id);
        const block = await offerLinesBlock(tx, id);
        if (block) throw block;
        await withdrawLinesForOffer(tx, actor, id);
        await deleteOffer(tx, id);
        await recordChange(tx, actor, { title: 'log.offer.deleted', description: `${row.teklif_no}: ${row.firma_adi} (${stored.length} kalem: ${stored.slice(0, 3).map((s) => joinOfferCode(s.urun_kodu) || s.urun_adi).join(', ')})`.slice(0, 500), form: 'offers', operation_id: id }, { entity: 'offers', id, action: 'deleted' });
      });
      return { status: 'ok' as const };
    },

    settings: () => readOfferSettings(db),

    async updateSettings(actor: Actor, d: Partial<OfferSettings> & { __v?: number }) {
      await db.transaction(async (tx) => {
        const row = await lockOfferSettingsRow(tx);
        const current = row ? await readOfferSettings(tx) : { ...DEFAULT_OFFER_SETTINGS, __v: 0 };
        if (d.__v !== undefined && d.__v !== current.__v) throw conflict();
        const { __v: _ignored, ...fields } = d;
        void _ignored;
        const next = { ...current, ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) };
        // DECISIONS 3: a new item takes the default rate, so it must be one of the choices.
        if (!next.vat_choices.includes(Number(next.urun_kdv))) throw badRequest('offer.settings.vatDefault', { urun_kdv: 'offer.settings.vatDefault' });
        const values = {
          teklif_altbilgi: next.teklif_altbilgi, teklif_notu: next.teklif_notu, teklif_dovizi: next.teklif_dovizi, urun_kdv: String(next.urun_kdv), vat_choices: next.vat_choices,
          teklif_tarih: next.teklif_tarih, teklif_kaseimza: next.teklif_kaseimza, teklif_kase: next.teklif_kase, commercial_invoice: next.commercial_invoice,
          invoice_type: next.invoice_type, mail_subject: next.mail_subject, mail_text: next.mail_text,
        };
        await writeOfferSettings(tx, values, !!row);
        await recordChange(tx, actor, { title: 'log.offer.settingsUpdated', form: 'offers' }, { entity: 'offer_settings', id: '1', action: 'updated' });
      });
      return readOfferSettings(db);
    },
  };
}
export type OffersService = ReturnType<typeof createOffersService>;
