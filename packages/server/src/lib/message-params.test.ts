import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGS, MESSAGES, translate } from '@isik/domain';

/**
 * No answer may carry an unfilled '{{param}}' (issue 23: `record` with qty 0 answered "kalan {{max}} miktardan…").
 * A message whose text has parameters must be given them where the server raises it; a schema's error message
 * cannot carry parameters (the error handler fills only the password minimum), so a schema must use a key without any.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const ROOTS = [path.resolve(here, '..'), path.resolve(here, '../../../domain/src')];
/** The parameters the validation handler fills for a schema message (plugins/errors.ts): the password minimum, a `.max()` check's maximum. */
const FILLED_BY_HANDLER = new Set(['min', 'max']);

const paramsOf = (text: string) => new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]));
const withParams = Object.entries(MESSAGES)
  .map(([key, entry]) => ({ key, params: new Set(LANGS.flatMap((l) => [...paramsOf(entry[l])])) }))
  .filter((x) => x.params.size > 0);

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sources(p));
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !/^messages(-[\w-]+)?\.ts$/.test(e.name)) out.push(p);
  }
  return out;
}

/** The call or object literal a string literal stands in: from the literal to the bracket that closes its enclosing one. */
function enclosing(src: string, at: number): string {
  let depth = 0;
  let start = at;
  for (let i = at - 1; i >= 0; i--) {
    const c = src[i];
    if (c === ')' || c === '}' || c === ']') depth++;
    else if (c === '(' || c === '{' || c === '[') {
      if (depth === 0) { start = i; break; }
      depth--;
    }
  }
  // Widen to the outermost call on the statement (a field map inside `new AppError(…, { f: key }, params)`).
  let end = src.length;
  depth = 0;
  for (let i = start; i < src.length; i++) {
    const c = src[i];
    if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') {
      depth--;
      if (depth === 0) { end = i + 1; break; }
    }
  }
  const lineStart = src.lastIndexOf('\n', start) + 1;
  const statementEnd = src.indexOf(';', end) === -1 ? end : Math.min(src.indexOf(';', end), src.indexOf('\n', end) === -1 ? src.length : src.indexOf('\n', end));
  return src.slice(lineStart, Math.max(end, statementEnd));
}

const passes = (call: string, param: string) => new RegExp(`[{,]\\s*${param}\\s*[:,}]|\\b${param}\\s*:`).test(call);
const isSchema = (call: string) => /\b(z\.|decimalIn\(|decimalInput\(|\.refine\(|\.superRefine\(|addIssue\(|error:|message:)/.test(call);

describe('message parameters (issue 23)', () => {
  it('each message has the same parameters in tr, en and es', () => {
    const mismatched = Object.entries(MESSAGES).filter(([, e]) => {
      const sets = LANGS.map((l) => [...paramsOf(e[l])].sort().join(','));
      return new Set(sets).size > 1;
    }).map(([k]) => k);
    expect(mismatched).toEqual([]);
  });

  it('every server or schema use of a message with parameters passes them (a schema message has none but the handler\'s)', () => {
    const missing: string[] = [];
    for (const file of ROOTS.flatMap(sources)) {
      const src = fs.readFileSync(file, 'utf8');
      for (const { key, params } of withParams) {
        for (const m of src.matchAll(new RegExp(`['"\`]${key.replaceAll('.', '\\.')}['"\`]`, 'g'))) {
          const call = enclosing(src, m.index);
          // A message built for the client (translated there with its values) is not an error the server raises.
          if (!/AppError|invalid\(|badRequest\(|conflict\(|forbidden\(|addIssue|error:|message:|decimalIn|decimalInput/.test(call)) continue;
          const need = [...params].filter((p) => !(isSchema(call) && FILLED_BY_HANDLER.has(p)));
          const absent = need.filter((p) => isSchema(call) && !/AppError/.test(call) ? true : !passes(call, p));
          if (absent.length) missing.push(`${path.relative(path.resolve(here, '../../..'), file)}: ${key} without ${absent.join(', ')}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('renders every message with its parameters in every language without a leftover placeholder', () => {
    for (const { key, params } of withParams) {
      const values = Object.fromEntries([...params].map((p) => [p, 1]));
      for (const lang of LANGS) expect(translate(key, lang, values), `${key}.${lang}`).not.toContain('{{');
    }
  });
});
