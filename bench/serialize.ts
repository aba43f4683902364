// Serialisation cost of one list answer (`npx tsx bench/serialize.ts [answer.json]`; not part of npm test): the
// zod serializer (a validation pass, then JSON.stringify) against the compiled one (fast-json-stringify from the
// schema's JSON Schema), on a products page as the server answers it (bench/profile.ts writes answer.json).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { productListSchema } from '@isik/domain';
import { compiledSerializerCompiler } from '../packages/server/src/lib/serializer.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const file = process.argv[2] ?? path.join(HERE, 'results', 'profiles', 'answer.json');
const data = JSON.parse(fs.readFileSync(file, 'utf8'));
const route = { schema: productListSchema, method: 'GET', url: '/api/products/list', httpStatus: '200' };
const zodSer = serializerCompiler(route) as (d: unknown) => string;
const fjsSer = compiledSerializerCompiler(route) as (d: unknown) => string;
if (zodSer(data) !== JSON.stringify(productListSchema.parse(data))) throw new Error('zod serializer differs');

function time(name: string, fn: (d: unknown) => string) {
  for (let i = 0; i < 2000; i++) fn(data);
  const n = 20_000;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) fn(data);
  const us = Number(process.hrtime.bigint() - t0) / 1000 / n;
  console.log(`${name.padEnd(28)} ${us.toFixed(1).padStart(7)} µs per answer (${fn(data).length} bytes)`);
  return us;
}
const a = time('zod parse + JSON.stringify', zodSer);
const b = time('fast-json-stringify', fjsSer);
console.log(`compiled: ${(a / b).toFixed(1)}x faster`);
