import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actionConfig, todoInputSchema, todoListSchema, todoPeopleSchema, todoReadSchema, todoSchema } from '@isik/domain';
import { errorResponses, idParams, okBody } from '../../lib/http.js';
import { requireSession } from '../../plugins/auth.js';
import type { TodosService } from './todos-service.js';

/** To-dos (spec 000 2.3, 7; DECISIONS 7): the header's notification list. */
export const todosRoutes: FastifyPluginAsyncZod<{ todos: TodosService }> = async (app, { todos }) => {
  const tags = ['todos'];

  app.get('/todo/list', {
    config: actionConfig('GET /api/todo/list'),
    schema: { tags, summary: "The signed-in user's to-dos and the office's meant for their role, newest first (at most 100), with the unread count", response: { 200: todoListSchema, ...errorResponses } },
  }, async (req) => todos.list(requireSession(req)));

  app.get('/todo/people', {
    config: actionConfig('GET /api/todo/people'),
    schema: { tags, summary: 'Active back-office users a to-do may be assigned to', response: { 200: todoPeopleSchema, ...errorResponses } },
  }, async () => todos.people());

  app.post('/todo/create', {
    config: actionConfig('POST /api/todo/create'),
    schema: { tags, summary: 'Create a to-do for an active user', body: todoInputSchema, response: { 200: todoSchema, ...errorResponses } },
  }, async (req) => todos.create(requireSession(req), req.body));

  app.post('/todo/read/:id', {
    config: actionConfig('POST /api/todo/read/:id'),
    schema: {
      tags, summary: 'Mark a to-do read ({read:false}: unread); only its person, or a user an office to-do is meant for',
      params: idParams, body: todoReadSchema.optional(), response: { 200: todoSchema, ...errorResponses },
    },
  }, async (req) => todos.markRead(requireSession(req), req.params.id, req.body?.read ?? true));

  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method, url: '/todo/delete/:id',
      exposeHeadRoute: false,
      config: actionConfig('DELETE /api/todo/delete/:id'),
      schema: { tags, summary: 'Delete a to-do: its creator, or role <= 1', params: idParams, response: { 200: okBody, ...errorResponses } },
      handler: async (req) => todos.remove(requireSession(req), req.params.id),
    });
  }
};
