// Request ids (issue 27, ADR 0037): every log line of a request carries its id (pino's `reqId`), and every answer
// names it in X-Request-Id. An id the caller sends (the web client makes one per call; a balancer or another
// service may pass one on) is kept when it is a plain token; anything else is replaced by a new one, so no
// caller can write arbitrary text into the logs.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';
/** Letters, digits and -_.: — up to 64 characters. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9\-_.:]{1,64}$/;

/** The request's id: the caller's X-Request-Id when it is a plain token, else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
}

/** Fastify's options for the ids: our own generator (Fastify's requestIdHeader would keep any text). */
export const requestIdOptions = { requestIdHeader: false, genReqId: requestIdOf } satisfies Pick<FastifyServerOptions, 'requestIdHeader' | 'genReqId'>;

/** Every answer (errors, 404s and files too) names its request's id. */
export const requestIdPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
  });
});
