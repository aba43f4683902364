import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, type TestContext } from '../test/helper.js';
import { compiledSerializerCompiler, zodSerialized } from './serializer.js';

let t: TestContext;
beforeAll(async () => { t = await createTestContext(); }, 60_000);
afterAll(() => t.close());

const compile = (schema: z.ZodType) => compiledSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('compiled response serializers', () => {
  it('compile every response schema of the API (none left to a zod pass per answer)', () => {
    expect(zodSerialized).toEqual([]);
  });

  it('write exactly the declared fields: unknown keys (a hash) never leave, optional ones are left out', () => {
    const s = compile(z.object({ _id: z.string(), n: z.number(), pair: z.tuple([z.string(), z.string()]), note: z.string().optional(), img: z.string().nullable() }));
    const out = JSON.parse(s({ _id: 'a', n: 1.5, pair: ['tr', 'en'], password_hash: 'secret', img: null }));
    expect(out).toEqual({ _id: 'a', n: 1.5, pair: ['tr', 'en'], img: null });
  });

  it('write nullable objects and values as null or as their shape', () => {
    const s = compile(z.object({ m: z.object({ _id: z.string(), code: z.string() }).nullable(), n: z.number().nullable() }));
    expect(JSON.parse(s({ m: null, n: null }))).toEqual({ m: null, n: null });
    expect(JSON.parse(s({ m: { _id: 'x', code: 'ISK', extra: 1 }, n: 2 }))).toEqual({ m: { _id: 'x', code: 'ISK' }, n: 2 });
  });

  it('pick the branch of a union that fits (the own company: whole, or what documents read)', () => {
    const whole = z.object({ _id: z.string(), a: z.string(), banks: z.array(z.string()) });
    const reduced = z.object({ _id: z.string(), a: z.string() });
    const s = compile(z.union([whole, reduced]));
    expect(JSON.parse(s({ _id: '1', a: 'x', banks: ['b'] }))).toEqual({ _id: '1', a: 'x', banks: ['b'] });
    expect(JSON.parse(s({ _id: '1', a: 'x' }))).toEqual({ _id: '1', a: 'x' });
  });

  it('refuse an answer that lacks a required field (500 from the error handler, never a half answer)', () => {
    const s = compile(z.object({ _id: z.string(), n: z.number() }));
    expect(() => s({ _id: 'a' })).toThrow();
  });

  it('serve a real list the same as JSON.stringify of its rows', async () => {
    const res = await t.call({ method: 'GET', url: '/api/users/list?pageSize=3', token: t.tokens[0] });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.users).toHaveLength(3);
    expect(Object.keys(body.users[0]).sort()).toEqual(['__v', '_id', 'date', 'email', 'firstname', 'lastname', 'mobile', 'permissions', 'role', 'user_img', 'usercompany_id', 'usercompany_name', 'userstate']);
    expect(res.body).not.toContain('password');
  });
});
