import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actionConfig, pageAnchorField, USER_SORTS, USERS_MAX_PAGE_SIZE, USERS_PAGE_SIZE, passwordChangeResultSchema, passwordChangeSchema, userCreateSchema, userListSchema, userSchema, userUpdateSchema } from '@isik/domain';
import { errorResponses, idParams, okBody } from '../../lib/http.js';
import { requireSession } from '../../plugins/auth.js';
import type { UsersService } from './users-service.js';

const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(USERS_MAX_PAGE_SIZE).default(USERS_PAGE_SIZE),
  orderBy: z.enum(USER_SORTS).default('firstname'),
  order: z.enum(['asc', 'desc']).default('asc'),
  search: z.string().trim().max(100).optional(),
  anchor: pageAnchorField,
});

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  const tags = ['users'];

  app.get('/users/list', {
    config: actionConfig('GET /api/users/list'),
    schema: { tags, summary: 'Users, paged, sorted by first or last name, searched by name or e-mail', querystring: listQuery, response: { 200: userListSchema, ...errorResponses } },
  }, async (req) => users.list(req.query));

  app.get('/users/:id', {
    config: actionConfig('GET /api/users/:id'),
    schema: { tags, summary: 'One user (managers: anyone; others: themselves)', params: idParams, response: { 200: userSchema, ...errorResponses } },
  }, async (req) => users.get(requireSession(req), req.params.id));

  app.post('/users/create', {
    config: actionConfig('POST /api/users/create'),
    schema: { tags, summary: 'Create a user', body: userCreateSchema, response: { 200: userSchema, ...errorResponses } },
  }, async (req) => users.create(requireSession(req), req.body));

  app.post('/users/update/:id', {
    config: actionConfig('POST /api/users/update/:id'),
    schema: { tags, summary: 'Update a user; __v must be the version read', params: idParams, body: userUpdateSchema, response: { 200: userSchema, ...errorResponses } },
  }, async (req) => users.update(requireSession(req), req.params.id, req.body));

  app.post('/users/paswordchange/:id', {
    // Everyone changes their own password (DECISIONS 2), roles 4-7 too, from the public area's user panel;
    // the service limits others' passwords to managers of a less privileged role.
    config: actionConfig('POST /api/users/paswordchange/:id'),
    schema: { tags, summary: 'Change a password (self, or a manager for others); revokes earlier tokens', params: idParams, body: passwordChangeSchema, response: { 200: passwordChangeResultSchema, ...errorResponses } },
  }, async (req) => users.changePassword(requireSession(req), req.params.id, req.body.password));

  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      // No automatic HEAD twin: a HEAD request must never delete.
      method, url: '/users/delete/:id',
      exposeHeadRoute: false,
      config: actionConfig('DELETE /api/users/delete/:id'),
      schema: { tags, summary: 'Delete a user', params: idParams, response: { 200: okBody, ...errorResponses } },
      handler: async (req) => users.remove(requireSession(req), req.params.id),
    });
  }
};
