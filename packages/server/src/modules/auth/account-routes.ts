import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRequestResultSchema, forgotPasswordSchema, resetPasswordSchema, signupSchema } from '@isik/domain';
import { errorBody, errorResponses } from '../../lib/http.js';
import { requestLang } from '../../plugins/errors.js';
import type { AccountService } from './account-service.js';

const responses = { 200: accountRequestResultSchema, ...errorResponses, 503: errorBody };

/** The public account calls of the sign-in pages (issue 13): forgot password, reset password, sign-up. */
export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (app, { account }) => {
  const tags = ['auth', 'public'];

  app.post('/auth/forgotpassword', {
    config: { level: 'public' },
    schema: {
      tags, summary: 'Mail a single-use password reset link (valid 1 hour) to a known address; the same answer for any address; 503 without SMTP; at most 5 per IP address in 15 minutes',
      security: [], body: forgotPasswordSchema, response: responses,
    },
  }, async (req) => {
    const { status } = await account.forgot(req.ip, req.body.email, requestLang(req), req.body);
    return { status };
  });

  app.post('/auth/resetpassword', {
    config: { level: 'public' },
    schema: {
      tags, summary: "Set a new password with a reset link's token (once, within the hour); ends the user's other sessions",
      security: [], body: resetPasswordSchema, response: responses,
    },
  }, async (req) => account.reset(req.ip, req.body.token, req.body.password));

  app.post('/auth/signup', {
    config: { level: 'public' },
    schema: {
      tags, summary: 'Sign up: an inactive account of role 7 and a to-do for the managers to approve it; the same answer for a known address; at most 5 per IP address in 15 minutes',
      security: [], body: signupSchema, response: responses,
    },
  }, async (req) => {
    const { status } = await account.signup(req.ip, req.body, requestLang(req));
    return { status };
  });
};
