import { totalPages, companyInputSchema, companyUpdateSchema, type MessageKey } from '@isik/domain';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/database.js';
import { conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { withAnchor } from '../../lib/anchored-page.js';
import { recordChange } from '../../lib/log.js';
import type { SessionContext } from '../../plugins/auth.js';
import { companyUserCount, deleteCompany, findCompany, insertCompany, listCompanies, updateCompany, type CompanyListArgs } from './companies-repository.js';

type Input = z.output<typeof companyInputSchema>;
type UpdateInput = z.output<typeof companyUpdateSchema>;

/**
 * Other areas (deliveries, offers) register a check that refuses a company's deletion while they
 * hold records of it; each answers the message key to show, or null.
 */
export type CompanyDeleteGuard = (tx: Executor, companyId: string) => Promise<MessageKey | null>;

export function createCompaniesService(deps: { db: Db }) {
  const { db } = deps;
  const deleteGuards: CompanyDeleteGuard[] = [
    async (tx, id) => ((await companyUserCount(tx, id)) > 0 ? 'company.delete.hasUsers' : null),
  ];

  return {
    addDeleteGuard(g: CompanyDeleteGuard) { deleteGuards.unshift(g); },

    async list(args: CompanyListArgs) {
      const { rows, total, anchor } = await listCompanies(db, args);
      return withAnchor({ companyList: rows, page: args.page, totalPage: totalPages(total, args.pageSize), totalItemCount: total }, anchor);
    },

    async get(id: string) {
      const c = await findCompany(db, id);
      if (!c) throw notFound();
      return c;
    },

    async create(caller: SessionContext, data: Input) {
      const id = newId();
      await db.transaction(async (tx) => {
        await insertCompany(tx, { id, ...data });
        await recordChange(tx, caller, { title: 'log.company.created', description: data.company_name, form: 'companies', operation_id: id }, { entity: 'companies', id, action: 'created' });
      });
      return (await findCompany(db, id))!;
    },

    async update(caller: SessionContext, id: string, data: UpdateInput) {
      const { __v, ...fields } = data;
      await db.transaction(async (tx) => {
        if (!(await updateCompany(tx, id, fields, __v))) {
          if (!(await findCompany(tx, id))) throw notFound();
          throw conflict();
        }
        await recordChange(tx, caller, { title: 'log.company.updated', description: fields.company_name, form: 'companies', operation_id: id }, { entity: 'companies', id, action: 'updated' });
      });
      return (await findCompany(db, id))!;
    },

    async remove(caller: SessionContext, id: string) {
      await db.transaction(async (tx) => {
        const current = await findCompany(tx, id);
        if (!current) throw notFound();
        for (const guard of deleteGuards) {
          const key = await guard(tx, id);
          if (key) throw conflict(key);
        }
        await deleteCompany(tx, id);
        await recordChange(tx, caller, { title: 'log.company.deleted', description: current.company_name, form: 'companies', operation_id: id }, { entity: 'companies', id, action: 'deleted' });
      });
      return { status: 'ok' as const };
    },
  };
}
export type CompaniesService = ReturnType<typeof createCompaniesService>;
