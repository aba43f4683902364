import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<FastifySerializerCompiler<z.ZodType>>[0];

/** Responses whose schema zod cannot express in JSON Schema, serialised by zod instead ('METHOD url status'). */
export const zodSerialized: string[] = [];

/**
 * The JSON Schema fast-json-stringify compiles for a zod response schema: what the schema accepts as input (the
 * handler's answer), draft-07 (tuples as `items: [...]`), without the `$schema` key. Throws when zod cannot say it
 * in JSON Schema (transforms, dates, custom checks).
 */
export function responseJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _s, ...json } = z.toJSONSchema(schema, { target: 'draft-7', io: 'input', unrepresentable: 'throw', cycles: 'throw', reused: 'inline' }) as Record<string, unknown>;
  return nullableAsType(json) as Record<string, unknown>;
}

/**
 * zod writes `.nullable()` as `anyOf: [X, { type: 'null' }]`, which fast-json-stringify resolves with a validation
 * per value; `type: [X.type, 'null']` says the same and is written directly.
 */
function nullableAsType(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableAsType);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = nullableAsType(v);
  const any = out.anyOf as Record<string, unknown>[] | undefined;
  if (Array.isArray(any) && any.length === 2) {
    const nullAt = any.findIndex((x) => x.type === 'null' && Object.keys(x).length === 1);
    const other = any[1 - nullAt];
    if (nullAt >= 0 && typeof other?.type === 'string' && !('anyOf' in other) && !('oneOf' in other)) {
      const { anyOf: _a, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/**
 * Response serialisation with compiled serializers (issue 9): each route's zod response schema becomes a JSON
 * Schema once, at start-up, and fast-json-stringify compiles it into a function that writes exactly the declared
 * fields (unknown keys, e.g. a password hash, never leave). This replaces fastify-type-provider-zod's serializer,
 * which runs a full zod validation pass over every answer before JSON.stringify. A schema zod cannot express in
 * JSON Schema keeps the zod serializer (checked and stringified per answer), so nothing is ever sent unchecked.
 * docs/performance.md has the measurements.
 */
export const compiledSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route: RouteSchema) => {
  const schema = route.schema;
  if (!(schema instanceof z.ZodType)) return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  let stringify: (data: unknown) => string;
  try {
    stringify = fastJson(responseJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  } catch {
    zodSerialized.push(`${route.method} ${route.url} ${route.httpStatus}`);
    return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  }
  return (data: unknown) => stringify(data);
};
