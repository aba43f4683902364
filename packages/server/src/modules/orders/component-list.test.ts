import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ComponentRow } from '@isik/domain';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { insertMaterial } from '../catalogue/test-fixtures.js';

// The component list reads the requirement table (order_material_needs, ADR 0026/0046) in one query with the
// materials and their open purchases; the same query counts the table's rows, and a read that finds them piled up
// (more than 500 beyond one per key) folds them (order_needs_fold) without changing what it answers.

let t: TestContext;
beforeAll(async () => { t = await createTestContext(); });
afterAll(async () => { await t?.close(); });

const count = async (material: string) => {
  const r = await t.database.db.execute(sql`select count(*)::int as n from order_material_needs where material_id = ${material}`);
  return (r as unknown as { rows: { n: number }[] }).rows[0].n;
};
const list = async () => {
  const res = await t.call({ method: 'GET', url: '/api/orders/components', token: t.tokens[3] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { components: ComponentRow[] };
};

describe('GET /orders/components and the requirement table', () => {
  it('folds the rows piled up by many writes when it reads them, and answers the same before and after', async () => {
    const m = await insertMaterial(t.database.db, 7100, { purchase_multiple: '25', purchase_min: '50' });
    // 600 statements' worth of rows for one key (each 0.5 of 'Montaj'), and the row counting one line.
    await t.database.db.execute(sql`
      insert into order_material_needs (component, material_id, operation, required, entries, lines)
      select false, ${m}, 'Montaj', 0.5, 1, 0 from generate_series(1, 600)
      union all select false, ${m}, null, 0, 0, 1`);
    expect(await count(m)).toBe(601);
    const before = (await list()).components.find((r) => r.material_id === m);
    expect(before).toMatchObject({ Operation: 'Montaj', operations: ['Montaj'], lines: 1, required: 300, stock: 0, onOrder: 0, shortage: 300, suggested: 300, purchase_multiple: 25, purchase_min: 50 });
    // The read folded them: one row per key.
    expect(await count(m)).toBe(2);
    expect((await list()).components.find((r) => r.material_id === m)).toEqual(before);
  });
});
