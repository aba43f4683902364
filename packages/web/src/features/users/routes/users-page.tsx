import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { ROLE_KEYS, USERS_MAX_PAGE_SIZE, canManageRole, USERS_PAGE_SIZE, type Role } from '@isik/domain';
import { IconPencil, IconSearchOff, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PaginationControl } from '../../../components/pagination-control';
import { SearchInput } from '../../../components/search-input';
import { TruncatedText } from '../../../components/truncated-text';
import { tm } from '../../../i18n';
import { api, notifySuccess } from '../../../lib/api';
import { allPagesOf, describeFilters, type ReportSource } from '../../../lib/report-source';
import { useListPage } from '../../../lib/use-list-page';
import { useSession } from '../../../lib/session';
import { readOrder, readPage } from '../../../lib/use-list-params';
import type { UserList, UserSort } from '@isik/domain';
import { useDeleteUser, usersListQuery, type SortOrder, type User, type UsersListParams } from '../api/users-api';
import { RoleBadge } from '../components/role-badge';
import { UserAvatar } from '../components/user-avatar';
import { UserModal } from '../components/user-modal';
import { UserStateSwitch } from '../components/user-state-switch';

function readParams(params: URLSearchParams): UsersListParams {
  return {
    page: readPage(params),
    orderBy: (params.get('orderBy') === 'lastname' ? 'lastname' : 'firstname') satisfies UserSort,
    order: readOrder(params) satisfies SortOrder,
    search: params.get('search') ?? '',
  };
}

/** Left out of the URL. */
const LIST_DEFAULTS = { page: 1, orderBy: 'firstname', order: 'asc', search: '' };

interface ModalState { opened: boolean; user: User | null; key: number }

/** Spec 000 2.7: the paged, sortable, searchable user list with the user modal. */
export function UsersPage() {
  const { t } = useTranslation();
  const list = useListPage({
    defaults: LIST_DEFAULTS,
    parse: readParams,
    query: usersListQuery,
    // The Reports menu exports every user the search selects, in the list's order.
    report: ({ search, orderBy, order }): ReportSource<User> => ({
      title: t('menu.users'),
      fileName: 'users',
      subtitle: describeFilters([[t('common.search'), search]]),
      columns: [
        { header: t('users.fields.firstname'), value: (u) => u.firstname },
        { header: t('users.fields.lastname'), value: (u) => u.lastname },
        { header: t('users.fields.email'), value: (u) => u.email, width: 1.8 },
        { header: t('users.fields.mobile'), value: (u) => u.mobile },
        { header: t('users.fields.company'), value: (u) => u.usercompany_id[0]?.company_name ?? '', width: 1.8 },
        { header: t('users.fields.role'), value: (u) => (ROLE_KEYS[u.role as Role] ? t(`role.${ROLE_KEYS[u.role as Role]}`) : String(u.role)) },
        { header: t('users.fields.active'), value: (u) => t(u.userstate ? 'users.state.active' : 'users.state.inactive') },
      ],
      fetchAll: allPagesOf(
        (page, pageSize) => api<UserList>('/users/list', { query: { page, pageSize, orderBy, order, search: search || undefined } }),
        (r) => r.users,
        USERS_MAX_PAGE_SIZE,
      ),
    }),
  });
  const { state: params, update: setParams, data } = list;
  const { isFetching, isPending, isPlaceholderData } = list.query;
  const myRole = useSession((s) => s.role) ?? 7;
  const myId = useSession((s) => s.user?._id ?? null);
  // A narrower list (small screen, or the menu open beside it) drops the less needed columns
  // before the table has to scroll sideways.
  const { ref: boxRef, width: boxWidth } = useElementSize();
  const wide = boxWidth === 0 || boxWidth >= 1080;
  const medium = boxWidth === 0 || boxWidth >= 780;
  const [modal, setModal] = useState<ModalState>({ opened: false, user: null, key: 0 });
  const [searchKey, setSearchKey] = useState(0);
  const remove = useDeleteUser();

  const users = data?.users;
  const totalPages = data?.totalPage ?? 1;



  const open = (user: User | null) => setModal((m) => ({ opened: true, user, key: m.key + 1 }));

  const askDelete = (user: User) => {
    void confirmDelete({
      message: (
        <>
          {t('msg.user.delete.confirm')}
          <Text span fw={700} display="block" mt={6}>{`${user.firstname} ${user.lastname} · ${user.email}`}</Text>
        </>
      ),
      onConfirm: () => remove.mutate(user._id, { onSuccess: () => notifySuccess('users.notice.deleted') }),
    });
  };

  const lockOf = (user: User, self: string, higher: string): string | undefined => {
    if (user._id === myId) return self;
    if (!canManageRole(myRole, user.role)) return higher;
    return undefined;
  };

  const columnList: (DataTableColumn<User> | false)[] = [
    medium && { key: 'avatar', header: '', width: 52, render: (u) => <UserAvatar user={u} size={34} /> },
    { key: 'firstname', header: <span style={{ whiteSpace: 'nowrap' }}>{t('users.fields.firstname')}</span>, sortKey: 'firstname', render: (u) => <TruncatedText maw={100} fw={600}>{u.firstname}</TruncatedText> },
    { key: 'lastname', header: <span style={{ whiteSpace: 'nowrap' }}>{t('users.fields.lastname')}</span>, sortKey: 'lastname', render: (u) => <TruncatedText maw={100} fw={600}>{u.lastname}</TruncatedText> },
    { key: 'email', header: t('users.fields.email'), render: (u) => <TruncatedText maw={160}>{u.email}</TruncatedText> },
    wide && { key: 'mobile', header: t('users.fields.mobile'), render: (u) => (u.mobile ? <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{u.mobile}</Text> : <Text size="sm" c="dimmed">—</Text>) },
    {
      key: 'company',
      header: t('users.fields.company'),
      render: (u) => (u.usercompany_id[0]?.company_name
        ? <TruncatedText maw={130}>{u.usercompany_id[0].company_name}</TruncatedText>
        : <Text size="sm" c="dimmed">—</Text>),
    },
    { key: 'role', header: t('users.fields.role'), render: (u) => <RoleBadge role={u.role} /> },
    {
      key: 'state',
      header: t('users.fields.active'),
      align: 'center',
      width: 80,
      render: (u) => <Group justify="center"><UserStateSwitch user={u} lockedReason={lockOf(u, tm('user.self.deactivate'), tm('user.target.higher'))} /></Group>,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      width: 96,
      render: (u) => {
        const name = `${u.firstname} ${u.lastname}`;
        const deleteLock = lockOf(u, tm('user.self.delete'), tm('user.target.higher'));
        return (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Tooltip label={t('common.edit')} withArrow>
              <ActionIcon variant="subtle" color="blue" onClick={() => open(u)} aria-label={`${t('common.edit')}: ${name}`} data-testid="user-edit">
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={deleteLock ?? t('common.delete')} withArrow multiline maw={260}>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={() => askDelete(u)}
                disabled={Boolean(deleteLock)}
                aria-label={`${t('common.delete')}: ${name}`}
                data-testid="user-delete"
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        );
      },
    },
  ];
  const columns = columnList.filter((c): c is DataTableColumn<User> => Boolean(c));

  const empty = !isPending && users !== undefined && users.length === 0;
  const { sort } = list;

  return (
    <>
      <PageHeader
        title={t('users.title')}
        subtitle={data ? t('users.subtitle', { total: data.totalItemCount }) : t('users.subtitleLoading')}
        actions={
          <Button leftSection={<IconUserPlus size={18} />} onClick={() => open(null)} data-testid="user-add">
            {t('users.add')}
          </Button>
        }
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} ref={boxRef}>
        <Stack gap="md">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <SearchInput
              key={searchKey}
              initialValue={params.search}
              onSearch={(text) => setParams({ search: text, page: 1 })}
              placeholder={t('users.searchPlaceholder')}
              w={{ base: '100%', xs: 360 }}
              data-testid="user-search"
            />
            {data && data.totalItemCount > 0 && (
              <Text size="sm" c="dimmed">
                {t('users.range', {
                  from: (data.page - 1) * USERS_PAGE_SIZE + 1,
                  to: (data.page - 1) * USERS_PAGE_SIZE + data.users.length,
                  total: data.totalItemCount,
                })}
              </Text>
            )}
          </Group>
          {empty ? (
            <EmptyState
              icon={<IconSearchOff size={34} stroke={1.5} />}
              title={t('users.empty.title')}
              text={params.search ? t('users.empty.searchText', { search: params.search }) : t('users.empty.text')}
              action={params.search ? (
                <Button
                  variant="light"
                  onClick={() => {
                    setParams({ search: '', page: 1 });
                    setSearchKey((k) => k + 1);
                  }}
                >
                  {t('users.empty.clear')}
                </Button>
              ) : (
                <Button variant="light" leftSection={<IconUserPlus size={16} />} onClick={() => open(null)}>{t('users.add')}</Button>
              )}
            />
          ) : (
            <DataTable
              columns={columns}
              rows={users}
              rowKey={(u) => u._id}
              loading={isFetching}
              sort={sort}
              onSortChange={list.setSort}
              minWidth={680}
            />
          )}
          <PaginationControl page={list.page} totalPages={totalPages} onChange={list.setPage} disabled={isPlaceholderData} />
        </Stack>
      </Paper>
      <UserModal key={modal.key} opened={modal.opened} user={modal.user} onClose={() => setModal((m) => ({ ...m, opened: false }))} />
    </>
  );
}
