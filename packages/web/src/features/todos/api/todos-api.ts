import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Todo, TodoInput, TodoList, TodoPeople, OkAnswer } from '@isik/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Keys start with the live entities ('todos'; the people list with 'users'), so a to-do made or marked
 * by anyone refetches the header's list at once.
 */
export const todoKeys = {
  all: queryKeys.todos,
  list: () => [...queryKeys.todos, 'list'] as const,
  people: () => [...queryKeys.users, 'todo-people'] as const,
};

export const todoListQuery = () =>
  queryOptions({
    queryKey: todoKeys.list(),
    queryFn: ({ signal }) => api<TodoList>('/todo/list/', { signal }),
    // The bell is in every page's header: a failed refresh should not raise a notice on each page.
    meta: { notifyError: false },
    refetchInterval: 5 * 60_000,
  });

export const todoPeopleQuery = () =>
  queryOptions({
    queryKey: todoKeys.people(),
    queryFn: ({ signal }) => api<TodoPeople>('/todo/people', { signal }),
    staleTime: 60_000,
  });

export function useMarkTodo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) => api<Todo>(`/todo/read/${encodeURIComponent(id)}`, { method: 'POST', body: { read } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: todoKeys.all }),
  });
}

export function useCreateTodo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TodoInput) => api<Todo>('/todo/create', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: todoKeys.all }),
  });
}

export function useDeleteTodo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<OkAnswer>(`/todo/delete/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: todoKeys.all }),
  });
}
