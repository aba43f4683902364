import { createElement } from 'react';
import {
  BUYING_CANCELED, BUYING_REQUEST, BUYING_ORDER, dec, purchaseMailDraft, purchaseOrderLanguage, purchaseOrderTotals, round,
  type MessageKey, type PurchaseOrder, type purchaseEmailSchema, type purchaseOrderCreateSchema,
} from '@isik/domain';
import { PurchaseOrderDocument, companyHeaderOf, purchaseOrderModel } from '@isik/documents';
import { renderDocument } from '@isik/documents/node';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/database.js';
import { AppError, notFound } from '../../lib/errors.js';
import { recordChange, type Actor } from '../../lib/log.js';
import type { Mailer } from '../../lib/mailer.js';
import type { SessionContext } from '../../plugins/auth.js';
import { findCompany } from '../companies/companies-repository.js';
import { companyForPdf, type PdfDeps } from '../pdf/pdf-service.js';
import { findUserRow } from '../users/users-repository.js';
import { lockBuying, type BuyingRow } from './buying-repository.js';
import { allocatePurchaseOrderNo, ensureOrderNo, findBuyingRow, lockBuyings, moveToOrder, orderLines } from './purchase-order-repository.js';

const refuse = (field: string, key: MessageKey, status = 409) => new AppError(status, key, { [field]: key });
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Who a purchase goes to: the company's id, else its typed name (case and spaces aside); '' for none. */
function supplierKey(r: Pick<BuyingRow, 'tedarikci_id' | 'tedarikci_adi'>): string {
  if (r.tedarikci_id) return `id:${r.tedarikci_id}`;
  const name = r.tedarikci_adi.trim().toLocaleLowerCase('tr');
  return name ? `name:${name}` : '';
}

/** A row of the order's lines: its stored total in its own currency (the lira total for ₺). */
function lineOf(r: BuyingRow): PurchaseOrder['lines'][number] {
  return {
    _id: r.id, material_id: r.material_id, material_name: r.material_name, material_qty: round(r.material_qty, 2), material_unit: r.material_unit,
    material_price: round(r.material_price, 4), material_doviz: r.material_doviz, total: round(r.doviz_total ?? r.tl_total ?? dec(r.material_qty).times(r.material_price), 2),
    satinalma_durumu: r.satinalma_durumu, siparis_notu: r.siparis_notu, termin_tarihi: iso(r.termin_tarihi),
  };
}

export interface PurchaseOrderDeps { db: Db; mailer: Mailer; pdf: PdfDeps }

/**
 * Purchase orders to suppliers (issue 25, ADR 0040): combining requests into one order under one number, the order
 * document (data, PDF) and its e-mail to the supplier through the offer mail's path.
 */
export function createPurchaseOrderService(deps: PurchaseOrderDeps) {
  const { db } = deps;

  /** The order document of purchase `id` (at status 1-3); a purchase ordered before numbering gets its number here. */
  async function order(id: string, tx: Executor = db): Promise<PurchaseOrder> {
    let head = await findBuyingRow(tx, id);
    if (!head) throw notFound();
    if (head.satinalma_durumu === BUYING_REQUEST) throw refuse('satinalma_durumu', 'purchaseOrder.notOrdered');
    if (head.satinalma_durumu === BUYING_CANCELED) throw refuse('satinalma_durumu', 'purchaseOrder.canceled');
    if (head.siparis_no === '') {
      head = await db.transaction(async (t) => {
        const row = await lockBuying(t, id);
        if (!row) throw notFound();
        row.siparis_no = await ensureOrderNo(t, row);
        return row;
      });
    }
    const [rows, company] = await Promise.all([orderLines(tx, head), head.tedarikci_id ? findCompany(tx, head.tedarikci_id) : Promise.resolve(null)]);
    const lines = rows.map(lineOf);
    const dates = rows.map((r) => r.termin_tarihi).filter((d): d is Date => d !== null).sort((a, b) => a.getTime() - b.getTime());
    const ordered = rows.map((r) => r.siparis_tarihi).filter((d): d is Date => d !== null).sort((a, b) => a.getTime() - b.getTime());
    return {
      siparis_no: head.siparis_no,
      siparis_tarihi: iso(ordered[0] ?? head.siparis_tarihi),
      termin_tarihi: iso(dates[0] ?? null),
      lang: purchaseOrderLanguage(company?.company_country),
      supplier: {
        id: head.tedarikci_id, name: company?.company_name ?? head.tedarikci_adi, email: head.tedarikci_eposta || company?.company_email || '',
        address: company ? [company.company_adress, [company.company_district, company.company_city].filter(Boolean).join(' ')].filter(Boolean).join(', ') : '',
        country: company?.company_country ?? '', taxOffice: company?.company_taxoffice ?? '', taxNo: company?.company_taxno ?? '',
        phone: company?.company_phone ?? '',
      },
      lines,
      totals: purchaseOrderTotals(lines),
    };
  }

  /** The order PDF of purchase `id`: A4, in the supplier's language. */
  async function pdf(id: string) {
    const o = await order(id);
    const company = await companyForPdf(deps.pdf);
    const model = purchaseOrderModel({ order: o, company: companyHeaderOf(company, o.lang === 'tr' ? 0 : 1) });
    const bytes = await renderDocument(createElement(PurchaseOrderDocument, { model }) as Parameters<typeof renderDocument>[0]);
    return { bytes, fileName: model.fileName, order: o };
  }

  return {
    order: (id: string) => order(id),
    pdf,

    /**
     * Requests (status 0 or 1) of one supplier and one currency become one order: status 1 under one number. The
     * rows are locked first (in id order); when the chosen rows already carry exactly one order number, the requests
     * join that order (its other lines must agree too), otherwise the order takes the year's next number.
     */
    async combine(actor: Actor, d: z.output<typeof purchaseOrderCreateSchema>): Promise<PurchaseOrder> {
      const first = await db.transaction(async (tx) => {
        const rows = await lockBuyings(tx, d.ids);
        if (rows.length !== d.ids.length) throw refuse('ids', 'purchaseOrder.unknown', 404);
        if (rows.some((r) => r.satinalma_durumu > BUYING_ORDER)) throw refuse('satinalma_durumu', 'purchaseOrder.status');
        if (rows.some((r) => supplierKey(r) === '')) throw refuse('tedarikci_id', 'purchaseOrder.noSupplier');
        if (new Set(rows.map(supplierKey)).size > 1) throw refuse('tedarikci_id', 'purchaseOrder.supplierMismatch');
        const numbers = [...new Set(rows.map((r) => r.siparis_no).filter((n) => n !== ''))];
        const joined = numbers.length === 1 ? (await orderLines(tx, { ...rows[0], siparis_no: numbers[0] })) : [];
        if (new Set([...rows, ...joined].map((r) => r.material_doviz)).size > 1) throw refuse('material_doviz', 'purchaseOrder.currencyMismatch');
        const no = numbers.length === 1 ? numbers[0] : await allocatePurchaseOrderNo(tx);
        const u = await findUserRow(tx, actor.id);
        await moveToOrder(tx, d.ids, { siparis_no: no, termin_tarihi: d.termin_tarihi, person: { name: actor.name, email: u?.email ?? '' }, actor: actor.name, now: new Date() });
        for (const r of rows) {
          await recordChange(tx, actor, {
            title: 'log.buying.ordered', description: `${no}: ${r.material_name} ${dec(r.material_qty).toFixed()} ${r.material_unit} - ${r.tedarikci_adi}`.slice(0, 500), form: 'buying', operation_id: r.id,
          }, { entity: 'buyings', id: r.id, action: 'updated' });
        }
        return rows[0].id;
      });
      return order(first);
    },

    /**
     * E-mails the order PDF to the supplier (the offer mail's path): 503 without SMTP or when the server refuses it
     * (nothing written); the recipient, subject and message default to the supplier's e-mail and the draft in the
     * supplier's language; a log row says who sent which order to whom.
     */
    async email(caller: SessionContext, id: string, d: z.output<typeof purchaseEmailSchema>) {
      if (!deps.mailer.configured) throw new AppError(503, 'mail.notConfigured');
      const doc = await pdf(id);
      const draft = purchaseMailDraft(doc.order);
      const to = d.to || draft.to.toLowerCase();
      if (!to) throw refuse('to', 'purchaseOrder.mail.noAddress');
      const subject = d.subject || draft.subject;
      const text = `${(d.message || draft.message).trimEnd()}\n`;
      await deps.mailer.send({
        to, subject, text, replyTo: caller.email || undefined,
        attachments: [{ filename: doc.fileName, content: doc.bytes, contentType: 'application/pdf' }],
      });
      await db.transaction((tx) => recordChange(tx, caller, {
        title: 'log.buying.emailed', description: `${doc.order.siparis_no}: ${doc.order.supplier.name} → ${to} (${subject}, ${doc.fileName})`.slice(0, 500), form: 'buying', operation_id: id,
      }, { entity: 'buyings', id, action: 'updated' }));
      return { status: 'ok' as const, to, siparis_no: doc.order.siparis_no, fileName: doc.fileName };
    },
  };
}
export type PurchaseOrderService = ReturnType<typeof createPurchaseOrderService>;
