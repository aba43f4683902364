import {
  BUYING_CANCELED, BUYING_COMPLETED, BUYING_DELETABLE, BUYING_ORDER, buyingStockEffect, buyingTotals, canMoveBuying, dec, rateField,
  type BuyingData, type BuyingListArgs, type BuyingUpdateData, type MessageKey,
} from '@isik/domain';
import type { Db, Executor } from '../../db/database.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordChange, type Actor } from '../../lib/log.js';
import { findCompany } from '../companies/companies-repository.js';
import type { CompaniesService } from '../companies/companies-service.js';
import type { createMaterialsService } from '../materials/materials-service.js';
import { latestRate } from '../rates/rates-repository.js';
import { findUserRow } from '../users/users-repository.js';
import { checkAgainstReceipts, receiveRestInTx, undoAllReceiptsInTx } from './receipts-service.js';
import {
  buyingSums, companyBuyingCount, deleteBuying, findBuying, insertBuying, listBuyings, lockBuying, materialBuyingCount, materialForBuying, setBuyingMovement, updateBuying,
  type BuyingRow,
} from './buying-repository.js';
import { ensureOrderNo } from './purchase-order-repository.js';

const invalid = (field: string, key: MessageKey, params?: Record<string, string | number>) => new AppError(400, key, { [field]: key }, params);

/** The signed-in user as related person: name and e-mail (spec 001 4.2). */
async function personOf(tx: Executor, actor: Actor): Promise<{ name: string; email: string }> {
  const u = await findUserRow(tx, actor.id);
  return { name: actor.name, email: u?.email ?? '' };
}

async function materialOf(tx: Executor, id: string) {
  const m = await materialForBuying(tx, id);
  if (!m) throw invalid('material_id', 'buying.material.unknown');
  return m;
}

async function supplierOf(tx: Executor, id: string) {
  const c = await findCompany(tx, id);
  if (!c) throw invalid('tedarikci_id', 'buying.supplier.unknown');
  if (c.company_category !== 'Suppliers') throw invalid('tedarikci_id', 'buying.supplier.notSupplier');
  return { id: c._id, name: c.company_name, email: c.company_email, category: c.company_category };
}

/** The last stored bulletin's selling rates, read only when a rate is missing (never invented). */
async function bulletinRates(tx: Executor): Promise<{ usd: string | null; eur: string | null }> {
  const r = await latestRate(tx);
  return { usd: r?.usd_selling ?? null, eur: r?.eur_selling ?? null };
}

interface Goods { material_id: string; qty: string; price: string; doviz: string; usd: string | null; eur: string | null }

/** Server totals; a foreign amount without its rate is refused, naming the rate field. */
function totalsOf(g: Goods) {
  const t = buyingTotals(g.qty, g.price, g.doviz, { usd: g.usd, eur: g.eur });
  if (t.TL_TotalPrice === null) {
    const eur = rateField(g.doviz) === 'eur';
    throw invalid(eur ? 'EUR_Kur' : 'USD_Kur', 'buying.rate.required', { currency: eur ? 'EUR' : 'USD' });
  }
  // The stored totals (numeric(20,2)) and the ledger's sumPrice hold up to 10^18; far below that is no real purchase.
  if (Math.abs(t.TL_TotalPrice) >= 1e15 || Math.abs(t.Doviz_TotalPrice ?? 0) >= 1e15) throw invalid('material_qty', 'buying.amount.tooLarge');
  return { doviz_total: t.Doviz_TotalPrice === null ? null : String(t.Doviz_TotalPrice), tl_total: String(t.TL_TotalPrice) };
}

function describe(r: Pick<BuyingRow, 'material_name' | 'material_qty' | 'material_unit' | 'tedarikci_adi' | 'satinalma_durumu'>) {
  return `${r.material_name}: ${dec(r.material_qty).toFixed()} ${r.material_unit}${r.tedarikci_adi ? ` - ${r.tedarikci_adi}` : ''} (durum ${r.satinalma_durumu})`;
}

/**
 * Reaching 3 by the status radio receives what is still due in one receipt (ADR 0045: giris, fatura, source purchase,
 * ref = the request, at its price and currency); 3 -> 4 reverses and removes every receipt. Runs under the request's
 * row lock, so the same move sent twice at once makes one entry (the second sees status 3 already).
 */
async function applyStock(tx: Executor, actor: Actor, row: BuyingRow, from: number, log = true): Promise<string | null> {
  const effect = buyingStockEffect(from, row.satinalma_durumu);
  if (effect === 'in') return (await receiveRestInTx(tx, actor, row, { log })) ?? row.movement_id;
  if (effect === 'reverse') await undoAllReceiptsInTx(tx, actor, row);
  return row.movement_id;
}

/** Writes a purchase request inside the caller's transaction (the API and the demo seed). */
export async function createBuyingInTx(tx: Executor, actor: Actor, d: BuyingData, opts: { log?: boolean } = {}): Promise<string> {
  const m = await materialOf(tx, d.material_id);
  const supplier = d.tedarikci_id ? await supplierOf(tx, d.tedarikci_id) : null;
  const fallback = d.USD_Kur && d.EUR_Kur ? { usd: null, eur: null } : await bulletinRates(tx);
  const goods: Goods = {
    material_id: m.id, qty: d.material_qty, price: d.material_price ?? m.price, doviz: d.material_doviz || m.doviz,
    usd: d.USD_Kur ?? fallback.usd, eur: d.EUR_Kur ?? fallback.eur,
  };
  const totals = totalsOf(goods);
  const status = d.satinalma_durumu;
  const me = await personOf(tx, actor);
  const person = status > 0 || !d.related_person ? me : { name: d.related_person, email: d.related_person_email ?? '' };
  const now = new Date();
  const id = newId();
  const row = await insertBuying(tx, {
    id, tedarikci_id: supplier?.id ?? null, tedarikci_adi: supplier?.name ?? d.tedarikci_adi ?? '',
    tedarikci_eposta: d.tedarikci_eposta || supplier?.email || '',
    material_id: m.id, material_name: m.name, material_category: m.category, material_group: m.group,
    material_qty: goods.qty, material_unit: d.material_unit || m.unit, material_doviz: goods.doviz, material_price: goods.price,
    usd_kur: goods.usd, eur_kur: goods.eur, ...totals, satinalma_durumu: status,
    siparis_no: '', siparis_notu: d.siparis_notu ?? '',
    talep_tarihi: d.talep_tarihi ?? now,
    siparis_tarihi: d.siparis_tarihi ?? (status >= BUYING_ORDER && status !== BUYING_CANCELED ? now : null),
    teslim_tarihi: d.teslim_tarihi ?? (status === BUYING_COMPLETED ? now : null),
    termin_tarihi: d.termin_tarihi ?? null,
    creator_user: actor.name, creator_id: actor.id, related_person: person.name, related_person_email: person.email,
  });
  row.siparis_no = await ensureOrderNo(tx, row);
  const movementId = await applyStock(tx, actor, row, 0, opts.log !== false);
  if (movementId) await setBuyingMovement(tx, id, movementId);
  if (opts.log !== false) {
    await recordChange(tx, actor, { title: 'log.buying.created', description: describe(row), form: 'buying', operation_id: id }, { entity: 'buyings', id, action: 'created' });
  }
  return id;
}

export function createBuyingService(deps: { db: Db; companies: CompaniesService; materials: ReturnType<typeof createMaterialsService> }) {
  const { db } = deps;
  deps.companies.addDeleteGuard(async (tx, id) => ((await companyBuyingCount(tx, id)) > 0 ? 'company.delete.hasBuyings' : null));
  deps.materials.addDeleteGuard(async (tx, id) => ((await materialBuyingCount(tx, id)) > 0 ? 'material.inBuying' : null));

  return {

    async list(args: BuyingListArgs) {
      return listBuyings(db, args);
    },

    sums: (args: BuyingListArgs) => buyingSums(db, args),

    async get(id: string) {
      const b = await findBuying(db, id);
      if (!b) throw notFound();
      return b;
    },

    async create(actor: Actor, d: BuyingData) {
      const id = await db.transaction((tx) => createBuyingInTx(tx, actor, d));
      return (await findBuying(db, id))!;
    },

    /**
     * Fields left out keep their stored values; a sent, stale __v answers 409. The status only moves forward
     * (409 otherwise); the material, quantity, price and currency of a completed or canceled request are fixed.
     */
    async update(actor: Actor, id: string, d: BuyingUpdateData) {
      await db.transaction(async (tx) => {
        const row = await lockBuying(tx, id);
        if (!row) throw notFound();
        if (d.__v !== undefined && d.__v !== row.version) throw conflict();
        const from = row.satinalma_durumu;
        const to = d.satinalma_durumu ?? from;
        if (!canMoveBuying(from, to)) throw new AppError(409, 'buying.status.backward', { satinalma_durumu: 'buying.status.backward' });

        const materialChanged = d.material_id !== undefined && d.material_id !== row.material_id;
        const m = materialChanged ? await materialOf(tx, d.material_id!) : null;
        const goods: Goods = {
          material_id: m?.id ?? row.material_id,
          qty: d.material_qty ?? row.material_qty,
          price: d.material_price ?? (m ? m.price : row.material_price),
          doviz: d.material_doviz || (m ? m.doviz : row.material_doviz),
          usd: d.USD_Kur !== undefined ? d.USD_Kur : row.usd_kur,
          eur: d.EUR_Kur !== undefined ? d.EUR_Kur : row.eur_kur,
        };
        const unit = d.material_unit || (m ? m.unit : row.material_unit);
        if (from >= BUYING_COMPLETED) {
          const changed = [
            ['material_id', materialChanged],
            ['material_qty', !dec(goods.qty).eq(dec(row.material_qty))],
            ['material_price', !dec(goods.price).eq(dec(row.material_price))],
            ['material_doviz', goods.doviz !== row.material_doviz],
            ['material_unit', unit !== row.material_unit],
          ].filter(([, c]) => c).map(([f]) => f as string);
          if (changed.length) throw new AppError(409, 'buying.locked', Object.fromEntries(changed.map((f) => [f, 'buying.locked' as MessageKey])));
        }
        else checkAgainstReceipts(row, { materialChanged, qty: goods.qty, price: goods.price, doviz: goods.doviz, unit });
        if (goods.usd === null || goods.eur === null) {
          const b = await bulletinRates(tx);
          goods.usd ??= b.usd;
          goods.eur ??= b.eur;
        }
        const totals = totalsOf(goods);

        let supplier: { id: string | null; name: string; email: string } = { id: row.tedarikci_id, name: row.tedarikci_adi, email: row.tedarikci_eposta };
        if (d.tedarikci_id !== undefined && d.tedarikci_id !== (row.tedarikci_id ?? '')) {
          if (d.tedarikci_id) {
            const c = await supplierOf(tx, d.tedarikci_id);
            supplier = { id: c.id, name: c.name, email: d.tedarikci_eposta || c.email };
          } else {
            supplier = { id: null, name: d.tedarikci_adi ?? '', email: d.tedarikci_eposta ?? '' };
          }
        } else {
          if (!supplier.id && d.tedarikci_adi !== undefined) supplier.name = d.tedarikci_adi;
          if (d.tedarikci_eposta !== undefined) supplier.email = d.tedarikci_eposta;
        }

        const me = to > 0 ? await personOf(tx, actor) : null;
        const now = new Date();
        const siparis = d.siparis_tarihi !== undefined ? d.siparis_tarihi : row.siparis_tarihi;
        const teslim = d.teslim_tarihi !== undefined ? d.teslim_tarihi : row.teslim_tarihi;
        const next = await updateBuying(tx, id, {
          tedarikci_id: supplier.id, tedarikci_adi: supplier.name, tedarikci_eposta: supplier.email,
          material_id: goods.material_id,
          ...(m ? { material_name: m.name, material_category: m.category, material_group: m.group } : {}),
          material_qty: goods.qty, material_unit: unit, material_price: goods.price, material_doviz: goods.doviz,
          usd_kur: goods.usd, eur_kur: goods.eur, ...totals, satinalma_durumu: to,
          siparis_notu: d.siparis_notu ?? row.siparis_notu,
          talep_tarihi: d.talep_tarihi ?? row.talep_tarihi,
          siparis_tarihi: siparis ?? (to !== from && to >= BUYING_ORDER && to !== BUYING_CANCELED ? now : null),
          teslim_tarihi: teslim ?? (to !== from && to === BUYING_COMPLETED ? now : null),
          termin_tarihi: d.termin_tarihi !== undefined ? d.termin_tarihi : row.termin_tarihi,
          related_person: me ? me.name : d.related_person ?? row.related_person,
          related_person_email: me ? me.email : d.related_person_email ?? row.related_person_email,
          modified_user: actor.name, modified_date: now, updated_at: now,
        });
        next.siparis_no = await ensureOrderNo(tx, next);
        const movementId = await applyStock(tx, actor, next, from);
        if (movementId !== next.movement_id) await setBuyingMovement(tx, id, movementId);
        await recordChange(tx, actor, { title: 'log.buying.updated', description: describe(next), form: 'buying', operation_id: id }, { entity: 'buyings', id, action: 'updated' });
      });
      return (await findBuying(db, id))!;
    },

    /** Only requests in status 0 Request or 4 Canceled can be deleted; the ledger keeps its rows. */
    async remove(actor: Actor, id: string) {
      await db.transaction(async (tx) => {
        const row = await lockBuying(tx, id);
        if (!row) throw notFound();
        if (!(BUYING_DELETABLE as readonly number[]).includes(row.satinalma_durumu)) throw conflict('buying.delete.status');
        if (dec(row.received_qty).gt(0)) throw conflict('receipt.delete.hasReceipts');
        await deleteBuying(tx, id);
        await recordChange(tx, actor, { title: 'log.buying.deleted', description: describe(row), form: 'buying', operation_id: id }, { entity: 'buyings', id, action: 'deleted' });
      });
      return { status: 'ok' as const };
    },
  };
}
export type BuyingService = ReturnType<typeof createBuyingService>;
