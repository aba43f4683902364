import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QueryClient } from '@tanstack/react-query';
import { LIVE_ENTITIES } from '@isik/domain';
import { liveEventKey, otherKeys, queryKeys } from './query-keys';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('query keys (issue 24: one place, named after the live events)', () => {
  it('has one key per entity the live socket announces, named and starting as the entity', () => {
    expect(Object.keys(queryKeys).sort()).toEqual([...LIVE_ENTITIES].sort());
    for (const e of LIVE_ENTITIES) expect(queryKeys[e]).toEqual([e]);
  });

  it('a live event invalidates the queries of its entity and no other', async () => {
    const qc = new QueryClient();
    qc.setQueryData([...queryKeys.materials, 'list', { page: 1 }], 1);
    qc.setQueryData([...queryKeys.stock, 'material', 'm1'], 2);
    await qc.invalidateQueries({ queryKey: liveEventKey('materials') });
    expect(qc.getQueryState([...queryKeys.materials, 'list', { page: 1 }])?.isInvalidated).toBe(true);
    expect(qc.getQueryState([...queryKeys.stock, 'material', 'm1'])?.isInvalidated).toBe(false);
    // An entity this client does not know yet still refreshes whatever starts with its name.
    expect(liveEventKey('newthing')).toEqual(['newthing']);
    expect(liveEventKey('__proto__')).toEqual(['__proto__']);
  });

  it('no file of the web client types a key head by hand: every key starts from lib/query-keys.ts', () => {
    const heads = [...Object.values(queryKeys), ...Object.values(otherKeys)].map(([h]) => h.replace(/[-_]/g, (c) => `\\${c}`));
    // An array literal whose first element is a quoted entity name: ['materials'] or ['materials', 'list', ...].
    const typed = new RegExp(`\\[\\s*['"\`](${heads.join('|')})['"\`]\\s*[,\\]]`);
    const found: string[] = [];
    for (const file of sourceFiles(SRC)) {
      if (file.endsWith(join('lib', 'query-keys.ts'))) continue;
      // Dictionary groups by feature name (['orders'], ['rates', 'todos', 'users']): which texts a screen loads, not query keys.
      if (file.endsWith(join('i18n', 'first-render.ts'))) continue;
      readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
        const code = line.trim();
        if (code.startsWith('*') || code.startsWith('//') || code.startsWith('/*')) return;
        if (typed.test(code)) found.push(`${relative(SRC, file)}:${i + 1}: ${code}`);
      });
    }
    expect(found).toEqual([]);
  });

  it("a feature's screens and components hold no query of their own: queryFn lives in the feature's api files", () => {
    const inline = sourceFiles(join(SRC, 'features'))
      .filter((file) => /[/\\](routes|components)[/\\]/.test(file) && /\bqueryFn\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(inline).toEqual([]);
  });

  it('the company list is called from one module (lib/companies-api.ts), not copied into features', () => {
    const callers = sourceFiles(SRC).filter((file) => readFileSync(file, 'utf8').includes("'/companies/list'")).map((file) => relative(SRC, file));
    expect(callers).toEqual([join('lib', 'companies-api.ts')]);
  });
});
