import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGS, ROLE_KEYS, ROLES, menuForRole } from '@isik/domain';

// The test reads the files itself (not through import.meta.glob) so it checks exactly what is on disk.
const here = dirname(fileURLToPath(import.meta.url));
const featuresDir = join(here, '..', 'features');

type Dict = { [key: string]: string | Dict };

function load(dir: string, lang: string): Dict {
  return JSON.parse(readFileSync(join(dir, `${lang}.json`), 'utf8')) as Dict;
}

function flatten(dict: Dict, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(dict)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const dictionaries: { name: string; dir: string }[] = [{ name: 'shared', dir: here }];
for (const feature of readdirSync(featuresDir)) {
  const dir = join(featuresDir, feature, 'i18n');
  if (existsSync(dir)) dictionaries.push({ name: `features/${feature}`, dir });
}

describe.each(dictionaries)('$name dictionaries', ({ dir }) => {
  const flat = Object.fromEntries(LANGS.map((lang) => [lang, flatten(load(dir, lang))]));

  it('has a file for every language', () => {
    for (const lang of LANGS) expect(existsSync(join(dir, `${lang}.json`)), `${lang}.json`).toBe(true);
  });

  it.each(LANGS.filter((l) => l !== 'tr'))('%s has exactly the keys of tr', (lang) => {
    expect([...flat[lang].keys()].sort()).toEqual([...flat.tr.keys()].sort());
  });

  it.each([...LANGS])('%s has no empty values', (lang) => {
    const empty = [...flat[lang]].filter(([, v]) => v.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it.each(LANGS.filter((l) => l !== 'tr'))('%s uses the same {{placeholders}} as tr', (lang) => {
    const vars = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((v) => v.replace(/\s/g, '')).sort();
    for (const [key, text] of flat.tr) expect(vars(flat[lang].get(key) ?? ''), key).toEqual(vars(text));
  });
});

describe('shared and feature dictionaries together', () => {
  it('never define the same key twice (a feature would silently override another)', () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const { name, dir } of dictionaries) {
      for (const key of flatten(load(dir, 'tr')).keys()) {
        const top = key.split('.')[0];
        const owner = seen.get(key);
        if (owner && owner !== name) clashes.push(`${key} in ${owner} and ${name}`);
        seen.set(key, name);
        // A feature owns whole top-level groups; sharing one with the shared file invites clashes.
        if (name !== 'shared' && top === 'msg') clashes.push(`${key}: msg.* is reserved for domain messages`);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('label every menu entry, menu group and role', () => {
    const shared = flatten(load(here, 'tr'));
    const missing: string[] = [];
    // Every menu the domain can produce: each role and the visitor.
    for (const role of [null, ...ROLES]) {
      for (const group of menuForRole(role)) {
        if (!shared.has(`menuGroup.${group.key}`)) missing.push(`menuGroup.${group.key}`);
        for (const item of group.items) if (!shared.has(`menu.${item.key}`)) missing.push(`menu.${item.key}`);
      }
    }
    for (const k of Object.values(ROLE_KEYS)) if (!shared.has(`role.${k}`)) missing.push(`role.${k}`);
    expect(missing).toEqual([]);
  });
});
