import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { companies, importPreviews } from '../../db/schema.js';
import { createTestContext, type SecondInstance, type TestContext } from '../../test/helper.js';

// Issue 27 (ADR 0042): behind the balancer the preview and its commit may reach different API instances. The preview
// lives in PostgreSQL with its expiry, so any instance commits it, once.
let t: TestContext;
let other: SecondInstance;
beforeAll(async () => {
  t = await createTestContext();
  other = await t.openSecondInstance();
}, 60_000);
afterAll(async () => { await t?.close(); });

const BOUNDARY = 'import-instances-boundary';
const file = (lines: string[]) => Buffer.concat([
  Buffer.from(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="companies.csv"\r\ncontent-type: text/csv\r\n\r\n`),
  Buffer.from(lines.join('\r\n'), 'utf8'), Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
]);
const headers = { authorization: '', 'accept-language': 'en' };
const as = (role: number) => ({ ...headers, authorization: `Bearer ${t.tokens[role]}` });

async function previewOnFirst(names: string[]) {
  const res = await t.app.inject({
    method: 'POST', url: '/api/import/companies/preview', headers: { ...as(1), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: file(['company_name,company_city,company_email', ...names.map((n) => `${n},Ankara,info@kume.test`)]),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().previewId as string;
}
const commitOn = (app: typeof t.app, previewId: string, role = 1) =>
  app.inject({ method: 'POST', url: '/api/import/companies/commit', headers: as(role), payload: { previewId, validOnly: false } });

describe('an import preview across API instances', () => {
  it('made on one instance is committed on another, once; a second commit answers 404', async () => {
    const id = await previewOnFirst(['Küme İthal Bir', 'Küme İthal İki']);
    const res = await commitOn(other.app, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'companies', created: 2, updated: 0, skipped: 0 });
    expect(await t.database.db.select().from(companies).where(eq(companies.company_name, 'Küme İthal İki'))).toHaveLength(1);
    const again = await commitOn(t.app, id);
    expect(again.statusCode).toBe(404);
    expect(again.json().fields.previewId).toBe('The preview was not found or has expired; upload the file again.');
  });

  it("is another user's only on neither instance, and expires after its hour on every instance", async () => {
    const id = await previewOnFirst(['Küme Süresi Dolan']);
    // The admin may import too, but not another user's preview.
    expect((await commitOn(other.app, id, 0)).statusCode).toBe(404);
    await t.database.db.update(importPreviews).set({ expires_at: sql`now() - interval '1 second'` }).where(eq(importPreviews.id, id));
    expect((await commitOn(other.app, id)).statusCode).toBe(404);
    expect((await commitOn(t.app, id)).statusCode).toBe(404);
    expect(await t.database.db.select().from(companies).where(eq(companies.company_name, 'Küme Süresi Dolan'))).toHaveLength(0);
  });
});
