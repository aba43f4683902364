import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { USERS_PAGE_SIZE, type PasswordChangeResult, type User, type UserList, type UserSort, type UserUpdate , type OkAnswer } from '@isik/domain';
import { api } from '../../../lib/api';
import { TOKEN_KEY, sessionStore } from '../../../lib/session';
import { safeStorage } from '../../../lib/store';
import { queryKeys } from '../../../lib/query-keys';

export type { User };
export type SortOrder = 'asc' | 'desc';

export interface UsersListParams {
  page: number;
  orderBy: UserSort;
  order: SortOrder;
  search: string;
}

/**
 * What create and update send (spec 000 section 7): the company as a plain id or null. Left out of an update,
 * role, state and permission grid keep their stored values. Create adds the password.
 */
export type UserBody = Omit<UserUpdate, '__v'>;

export const usersKeys = {
  all: queryKeys.users,
  lists: () => [...queryKeys.users, 'list'] as const,
  list: (params: UsersListParams) => [...queryKeys.users, 'list', params] as const,
};

export function usersListQuery(params: UsersListParams) {
  return queryOptions({
    queryKey: usersKeys.list(params),
    queryFn: ({ signal }) =>
      api<UserList>('/users/list', {
        signal,
        query: {
          page: params.page,
          pageSize: USERS_PAGE_SIZE,
          orderBy: params.orderBy,
          order: params.order,
          search: params.search || undefined,
        },
      }),
    // The page stays on screen (dimmed) while the next page, sort or search loads.
    placeholderData: keepPreviousData,
  });
}

/** The company of a listed user as the form needs it: an id, or null when there is none. */
export function companyIdOf(user: Pick<User, 'usercompany_id'>): string | null {
  return user.usercompany_id[0]?._id ?? null;
}

/** The fields of a listed user an update sends back unchanged (the active switch changes only userstate). */
export function bodyOf(user: User): UserBody {
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    mobile: user.mobile,
    user_img: user.user_img,
    usercompany_id: companyIdOf(user),
  };
}

/**
 * After changing one's own password the server revokes every earlier token and answers a fresh one.
 * It goes where the old one was kept (remember-me: localStorage, otherwise sessionStorage), so the
 * session (and a reload) carries on with it; the live socket reconnects with it by itself.
 */
export function replaceSessionToken(token: string): void {
  const local = safeStorage('local');
  const session = safeStorage('session');
  if (local?.getItem(TOKEN_KEY)) local.setItem(TOKEN_KEY, token);
  else session?.setItem(TOKEN_KEY, token);
  sessionStore.set({ token });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserBody & { password: string }) => api<User>('/users/create/', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
    // The form shows the notice and the field errors itself.
    meta: { notifyError: false },
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, version }: { id: string; body: UserBody; version: number }) =>
      api<User>(`/users/update/${encodeURIComponent(id)}`, { method: 'POST', body: { ...body, __v: version } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
    meta: { notifyError: false },
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<OkAnswer>(`/users/delete/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: async ({ id, password }: { id: string; password: string }) => {
      const answer = await api<PasswordChangeResult>(`/users/paswordchange/${encodeURIComponent(id)}`, { method: 'POST', body: { id, password } });
      if (answer?.token && sessionStore.get().user?._id === id) replaceSessionToken(answer.token);
      return answer;
    },
    meta: { notifyError: false },
  });
}
