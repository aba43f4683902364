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
  return json;
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
