import { describe, expect, it } from 'vitest';
import { prepared, type Preparable } from './prepared.js';

/** A stand-in for a drizzle select builder: records the names it is prepared under. */
function fakeBuilder(text: string, names: string[]): Preparable<string> {
  return {
    toSQL: () => ({ sql: text }),
    prepare: (name: string) => {
      names.push(name);
      return { execute: async (values?: Record<string, unknown>) => `${name} ${JSON.stringify(values ?? {})}` };
    },
  };
}

describe('prepared list statements', () => {
  it('builds a shape once per database handle and runs it with each call\'s values', async () => {
    const db = {};
    const names: string[] = [];
    let builds = 0;
    const build = () => { builds++; return fakeBuilder('select 1 limit $1', names); };
    const first = prepared(db, 'x.list:name:asc:', build);
    const again = prepared(db, 'x.list:name:asc:', build);
    expect(again).toBe(first);
    expect(builds).toBe(1);
    expect(await again.execute({ limit: 10 })).toMatch(/ \{"limit":10\}$/);
    expect(await again.execute({ limit: 20 })).toMatch(/ \{"limit":20\}$/);
    // Another handle (another database, a transaction) builds its own.
    prepared({}, 'x.list:name:asc:', build);
    expect(builds).toBe(2);
  });

  it('names a statement after its SQL text, so one name never stands for two texts', () => {
    const db = {};
    const names: string[] = [];
    prepared(db, 'a', () => fakeBuilder('select 1', names));
    prepared(db, 'b', () => fakeBuilder('select 2', names));
    prepared(db, 'c', () => fakeBuilder('select 1', names));
    expect(names[0]).not.toBe(names[1]);
    expect(names[2]).toBe(names[0]);
    expect(names[0]).toMatch(/^l_[0-9a-f]{24}$/);
  });
});
