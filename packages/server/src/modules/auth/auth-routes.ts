import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginResultSchema, loginSchema, actionConfig, sessionUserSchema } from '@isik/domain';
import { errorResponses, okBody } from '../../lib/http.js';
import { requireSession } from '../../plugins/auth.js';
import type { AuthService } from './auth-service.js';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post('/auth/login', {
    config: { level: 'public' },
    schema: {
      tags: ['auth'], summary: 'Sign in', body: loginSchema,
      response: { 200: loginResultSchema, ...errorResponses },
    },
  }, async (req) => auth.login(req.body.email, req.body.password, req.ip));

  app.get('/auth/verifytoken', {
    config: actionConfig('GET /api/auth/verifytoken'),
    schema: { tags: ['auth'], summary: 'Check the bearer token and answer its user', response: { 200: sessionUserSchema, ...errorResponses } },
  }, async (req) => auth.verify(requireSession(req)));

  app.post('/auth/logout', {
    config: actionConfig('POST /api/auth/logout'),
    schema: { tags: ['auth'], summary: 'Sign out: revokes the user\'s tokens', response: { 200: okBody, ...errorResponses } },
  }, async (req) => {
    await auth.logout(requireSession(req));
    return { status: 'ok' as const };
  });
};
