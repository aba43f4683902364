import { z } from 'zod';
import type { contactInputSchema, contactUpdateSchema } from '@isik/domain';
import type { Db, Executor } from '../../db/database.js';
import { conflict, dbConstraint, dbErrorCode, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordChange, type Actor } from '../../lib/log.js';
import {
  deleteContact, findContactRow, findSameContact, importContacts, insertContact, insertContactIfNew, listContacts, lockContact, toContact, updateContact,
  type ContactListArgs,
} from './contacts-repository.js';

type ContactData = z.output<typeof contactInputSchema>;
type ContactUpdate = z.output<typeof contactUpdateSchema>;

function taken(err: unknown): never {
  if (dbErrorCode(err) === '23505' && dbConstraint(err) === 'contacts_name_company_uq') throw conflict('contact.taken', { name: 'contact.taken' });
  throw err;
}

/**
 * A saved offer's contact (related person with the offer's e-mail and phone) joins the contacts when it is new for
 * that company; a known one gets a missing e-mail or phone filled in. Nothing else of a known contact changes.
 */
export async function upsertContactFromOffer(tx: Executor, actor: Actor, o: { related_person: string; firma_adi: string; firma_id: string | null; firma_eposta: string; buyer_phone: string }, log: boolean): Promise<void> {
  const name = o.related_person.trim();
  if (name.length < 2) return;
  const existing = await findSameContact(tx, name, o.firma_adi);
  if (existing) {
    const email = existing.email || o.firma_eposta;
    const phone = existing.phone || o.buyer_phone;
    if (email !== existing.email || phone !== existing.phone) {
      await updateContact(tx, existing.id, { email, phone });
      if (log) await recordChange(tx, actor, { title: 'log.contact.updated', description: `${name} (${o.firma_adi})`, form: 'contacts', operation_id: existing.id }, { entity: 'contacts', id: existing.id, action: 'updated' });
    }
    return;
  }
  const id = newId();
  const added = await insertContactIfNew(tx, { id, name, company: o.firma_adi, company_id: o.firma_id, email: o.firma_eposta, phone: o.buyer_phone, source: 'offer' });
  if (added && log) await recordChange(tx, actor, { title: 'log.contact.created', description: `${name} (${o.firma_adi})`, form: 'contacts', operation_id: id }, { entity: 'contacts', id, action: 'created' });
}

export function createContactsService(deps: { db: Db }) {
  const { db } = deps;
  async function get(id: string) {
    const r = await findContactRow(db, id);
    if (!r) throw notFound();
    return toContact(r);
  }
  return {
    get,
    async list(a: ContactListArgs) {
      const { rows, total: n } = await listContacts(db, a);
      return { contacts: rows, page: a.page, totalPage: Math.max(1, Math.ceil(n / a.pageSize)), totalItemCount: n };
    },
    async create(actor: Actor, d: ContactData) {
      const id = newId();
      await db.transaction(async (tx) => {
        await insertContact(tx, { id, name: d.name, company: d.company ?? '', company_id: d.company_id ?? null, position: d.position ?? '', email: d.email ?? '', phone: d.phone ?? '', source: 'manual' }).catch(taken);
        await recordChange(tx, actor, { title: 'log.contact.created', description: `${d.name} (${d.company ?? ''})`, form: 'contacts', operation_id: id }, { entity: 'contacts', id, action: 'created' });
      });
      return get(id);
    },
    async update(actor: Actor, id: string, d: ContactUpdate) {
      await db.transaction(async (tx) => {
        const row = await lockContact(tx, id);
        if (!row) throw notFound();
        if (d.__v !== undefined && d.__v !== row.version) throw conflict();
        const { __v: _v, ...fields } = d;
        void _v;
        const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
        await updateContact(tx, id, set).catch(taken);
        await recordChange(tx, actor, { title: 'log.contact.updated', description: `${d.name ?? row.name}`, form: 'contacts', operation_id: id }, { entity: 'contacts', id, action: 'updated' });
      });
      return get(id);
    },
    async remove(actor: Actor, id: string) {
      await db.transaction(async (tx) => {
        const row = await lockContact(tx, id);
        if (!row) throw notFound();
        await deleteContact(tx, id);
        await recordChange(tx, actor, { title: 'log.contact.deleted', description: `${row.name} (${row.company})`, form: 'contacts', operation_id: id }, { entity: 'contacts', id, action: 'deleted' });
      });
      return { status: 'ok' as const };
    },
    /** Fills the contacts from the offers' related persons and the companies' e-mails and phones; answers how many were added. */
    async importAll(actor: Actor) {
      const added = await db.transaction(async (tx) => {
        const n = await importContacts(tx);
        await recordChange(tx, actor, { title: 'log.contact.imported', description: `${n} kişi`, form: 'contacts' }, { entity: 'contacts', action: 'changed' });
        return n;
      });
      return { added };
    },
  };
}
export type ContactsService = ReturnType<typeof createContactsService>;
