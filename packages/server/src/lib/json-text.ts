import type { FastifyReply } from 'fastify';
import fastJson from 'fast-json-stringify';
import type { z } from 'zod';
import { responseJsonSchema } from './serializer.js';

const compiled = new WeakMap<z.ZodType, (data: unknown) => string>();

/**
 * An answer as JSON text whose field `key`, an array, comes as text already written (by PostgreSQL): the other fields
 * are written by the same compiled serializer the route would use (lib/serializer.ts), so the whole text is what the
 * route writes for the same values. `key` must be a field of the answer's top level, named nowhere else in it (the
 * serializer writes optional fields after the required ones, so it need not be the last).
 */
export function jsonWithRowsText<T extends Record<string, unknown>>(schema: z.ZodType<T>, key: keyof T & string, rest: Omit<T, typeof key>, rowsJson: string): string {
  let stringify = compiled.get(schema);
  if (!stringify) {
    stringify = fastJson(responseJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
    compiled.set(schema, stringify);
  }
  const envelope = stringify({ ...rest, [key]: [] });
  const marker = `${JSON.stringify(key)}:[]`;
  const at = envelope.indexOf(marker);
  if (at < 0 || envelope.indexOf(marker, at + 1) >= 0) throw new Error(`${key} is not written once in the answer: ${envelope.slice(0, 80)}`);
  return `${envelope.slice(0, at + marker.length - 2)}${rowsJson}${envelope.slice(at + marker.length)}`;
}

/** Sends an answer that is JSON already (text or its UTF-8 bytes, written to the route's response schema) as it is. */
export function sendJsonText(reply: FastifyReply, text: string | Buffer) {
  return reply.type('application/json; charset=utf-8').send(text);
}
