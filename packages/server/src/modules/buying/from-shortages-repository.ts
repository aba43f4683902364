import { and, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { BUYING_CANCELED } from '@isik/domain';
import type { Executor } from '../../db/database.js';
import { buyings, companies, materials } from '../../db/schema.js';

/** Purchase requests from shortages run one at a time (ADR 0044): a second call sees the first's requests as open purchases. */
export async function lockShortageRequests(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('buying.fromShortages'))`);
}

/** The names of the ids that name a material. */
export async function materialNames(tx: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select({ id: materials.id, name: materials.material_name }).from(materials).where(inArray(materials.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * The supplier of each material's last purchase (newest request first, cancelled ones left out) when that company
 * is still a supplier; materials without one are left out.
 */
export async function lastSuppliers(tx: Executor, materialIds: readonly string[]): Promise<Map<string, string>> {
  if (materialIds.length === 0) return new Map();
  const rows = await tx.selectDistinctOn([buyings.material_id], { material: buyings.material_id, supplier: buyings.tedarikci_id }).from(buyings)
    .innerJoin(companies, and(eq(companies.id, buyings.tedarikci_id), eq(companies.company_category, 'Suppliers')))
    .where(and(inArray(buyings.material_id, [...materialIds]), isNotNull(buyings.tedarikci_id), ne(buyings.satinalma_durumu, BUYING_CANCELED)))
    .orderBy(buyings.material_id, desc(buyings.talep_tarihi), desc(buyings.created_at), desc(buyings.id));
  return new Map(rows.map((r) => [r.material, r.supplier!]));
}
