/**
 * The import's own data access (issue 26): the stored codes of a kind and the models by code, read through the
 * owning modules' repositories, and the one-import-at-a-time lock. The batched writes are in the companies',
 * materials' and products' repositories.
 */
import { sql } from 'drizzle-orm';
import { importCodeKey, type ImportKind } from '@isik/domain';
import type { Executor } from '../../db/database.js';
import { companyNames } from '../companies/companies-repository.js';
import { materialNames } from '../materials/materials-repository.js';
import { modelRefs, type ModelRef } from '../models/models-repository.js';
import { productCodes } from '../products/products-repository.js';

export type { ModelRef };

/** The stored records of a kind by code key (importCodeKey): more than one id means the code is ambiguous. */
export async function storedCodes(db: Executor, kind: ImportKind): Promise<Map<string, string[]>> {
  const rows = kind === 'companies' ? await companyNames(db) : kind === 'materials' ? await materialNames(db) : await productCodes(db);
  const map = new Map<string, string[]>();
  for (const r of rows) {
    const key = importCodeKey(r.code);
    if (!key) continue;
    const list = map.get(key);
    if (list) list.push(r.id); else map.set(key, [r.id]);
  }
  return map;
}

/** Every model by code key (the first stored one where codes repeat). */
export async function modelsByCode(db: Executor): Promise<Map<string, ModelRef>> {
  const map = new Map<string, ModelRef>();
  for (const r of await modelRefs(db)) if (!map.has(importCodeKey(r.model_kodu))) map.set(importCodeKey(r.model_kodu), r);
  return map;
}

/** One import of a kind at a time (a transaction-scoped advisory lock). */
export async function lockImport(tx: Executor, kind: ImportKind): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`import:${kind}`}))`);
}
