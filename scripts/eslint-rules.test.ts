import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { QUERIES_OUTSIDE_REPOSITORIES } from '../eslint.config.js';

// The project's own lint rules (eslint.config.js), run on small sources under the paths they guard, as `npm run lint` runs them.
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function lint(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}

const schemaImport = "import { users } from '../../db/schema.js';\nexport const table = users;\n";
const sqlImport = "import { sql } from 'drizzle-orm';\nexport const one = sql`1`;\n";
const queriesBelong = { rule: 'no-restricted-imports', message: expect.stringContaining("module's <module>-repository.ts (issue 24)") };

describe('queries only in repositories (issue 24)', () => {
  it('refuses db/schema in a route file, naming where the query belongs', async () => {
    expect(await lint('packages/server/src/modules/users/users-routes.ts', schemaImport)).toEqual([queriesBelong]);
  }, 60_000);

  it("refuses drizzle's sql and operators in service files (-service.ts and -services.ts)", async () => {
    expect(await lint('packages/server/src/modules/todos/todos-service.ts', sqlImport)).toEqual([queriesBelong]);
    expect(await lint('packages/server/src/modules/catalogue/catalogue-services.ts', "import { and, eq } from 'drizzle-orm';\nexport const f = [and, eq];\n")).toEqual([queriesBelong]);
    expect(await lint('packages/server/src/modules/logs/logs-service.ts', "import type { LogRow } from '../../db/schema';\nexport type R = LogRow;\n")).toEqual([queriesBelong]);
    expect(await lint('packages/server/src/modules/rates/rates-service.ts', "import { tcmbRates } from '../../db/schema-office.js';\nexport const t = tcmbRates;\n")).toEqual([queriesBelong]);
  }, 60_000);

  it('allows them in a repository', async () => {
    expect(await lint('packages/server/src/modules/users/users-repository.ts', schemaImport + sqlImport.replace('export const one', 'export const two'))).toEqual([]);
  }, 60_000);

  it('lists as exceptions only files that exist and still import queries (remove a file from the list when its module moves)', () => {
    for (const file of QUERIES_OUTSIDE_REPOSITORIES) {
      expect(existsSync(path.join(root, file)), file).toBe(true);
      expect(readFileSync(path.join(root, file), 'utf8'), file).toMatch(/from '(drizzle-orm(\/[a-z-]+)?|[./]+db\/schema(-[a-z]+)?(\.js)?)'/);
    }
  });
});
