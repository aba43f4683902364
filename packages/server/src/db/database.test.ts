import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DataDirInUseError, openDatabase } from './database.js';
import { companies } from './schema.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isik-db-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('embedded database in a data folder', () => {
  it('refuses a second opener, keeps data across a close and reopen, and releases the folder on close', async () => {
    const first = await openDatabase({ dataDir: dir });
    await first.db.insert(companies).values({ id: 'kept', company_name: 'Kalıcı Firma', company_city: 'Ankara', company_email: 'a@b.com.tr' });
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirInUseError);
    await first.close();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);

    const again = await openDatabase({ dataDir: dir });
    try {
      const [row] = await again.db.select().from(companies).where(eq(companies.id, 'kept'));
      expect(row.company_name).toBe('Kalıcı Firma');
    } finally {
      await again.close();
    }
  });
});
