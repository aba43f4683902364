import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, PasswordInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy, IconPlus, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DeviceAccount } from '@isik/domain';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageHeader } from '../../../components/page-header';
import { fieldErrorsOf, notifyError } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { deviceAccountsQuery, deviceMeQuery, useSaveDeviceAccount, type DeviceAccountDraft } from '../api/devices-api';
import { useDeviceSession } from '../api/device-session';

interface Editing { account: DeviceAccount | null; draft: DeviceAccountDraft }

/**
 * /deviceaccounts (issue 14, DECISIONS 10): the device service's own accounts, managed by its admins: create,
 * rename, make admin, deactivate, set a password. The service refuses everyone else (403) and an admin's change
 * of their own admin or active flag (409).
 */
export function DeviceAccountsPage() {
  const { t } = useTranslation();
  const token = useDeviceSession((s) => s.token);
  const me = useQuery(deviceMeQuery(token)).data;
  const isAdmin = me?.role === 0;
  const query = useQuery({ ...deviceAccountsQuery, enabled: isAdmin });
  const save = useSaveDeviceAccount();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const open = (account: DeviceAccount | null) => {
    setErrors({});
    setEditing({ account, draft: { email: account?.email ?? '', name: account?.name ?? '', password: '', admin: account?.admin ?? false, active: account?.active ?? true } });
  };
  const set = <K extends keyof DeviceAccountDraft>(k: K, v: DeviceAccountDraft[K]) => setEditing((e) => (e ? { ...e, draft: { ...e.draft, [k]: v } } : e));
  const submit = () => {
    if (!editing) return;
    const { account, draft } = editing;
    save.mutate({ id: account?._id, version: account?.__v, draft }, {
      onSuccess: () => { notifySuccess(account ? 'devices.accounts.updated' : 'devices.accounts.created'); setEditing(null); },
      onError: (err) => { const f = fieldErrorsOf(err); if (f) setErrors(f); notifyError(err); },
    });
  };

  const columns: DataTableColumn<DeviceAccount>[] = [
    { key: 'email', header: t('devices.accounts.email'), render: (a) => <Text size="sm" fw={500}>{a.email}</Text> },
    { key: 'name', header: t('devices.accounts.name'), render: (a) => a.name },
    { key: 'admin', header: t('devices.accounts.kind'), render: (a) => <Badge variant="light" color={a.admin ? 'grape' : 'gray'}>{a.admin ? t('devices.accounts.admin') : t('devices.accounts.user')}</Badge> },
    { key: 'active', header: t('devices.accounts.state'), render: (a) => <Badge variant="light" color={a.active ? 'green' : 'red'}>{a.active ? t('devices.accounts.active') : t('devices.accounts.inactive')}</Badge> },
  ];

  const draft = editing?.draft;
  return (
    <>
      <PageHeader
        title={t('devices.accounts.title')} subtitle={t('devices.accounts.subtitle')}
        actions={(
          <Group gap="xs">
            <Button component={Link} to="/gatewaylist" variant="default" leftSection={<IconArrowLeft size={16} />}>{t('devices.list.title')}</Button>
            {isAdmin && <Button leftSection={<IconPlus size={16} />} onClick={() => open(null)}>{t('devices.accounts.add')}</Button>}
          </Group>
        )}
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        {me && !isAdmin ? (
          <Alert color="yellow" icon={<IconUsers size={18} />}>{t('devices.accounts.adminOnly')}</Alert>
        ) : query.isError && !query.data ? (
          <LoadFailedAlert title={t('devices.accounts.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <DataTable columns={columns} rows={query.data?.accountList} rowKey={(a) => a._id} loading={query.isFetching && !query.data} emptyText={t('devices.accounts.empty')}
            onRowClick={(a) => open(a)} minWidth={560} />
        )}
      </Paper>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} centered title={editing?.account ? t('devices.accounts.edit', { email: editing.account.email }) : t('devices.accounts.add')}>
        {draft && (
          <Stack>
            <TextInput label={t('devices.accounts.email')} required={!editing.account} disabled={!!editing.account} value={draft.email} error={errors.email} onChange={(e) => set('email', e.currentTarget.value)} data-autofocus />
            <TextInput label={t('devices.accounts.name')} value={draft.name} error={errors.name} onChange={(e) => set('name', e.currentTarget.value)} />
            <PasswordInput
              label={editing.account ? t('devices.accounts.newPassword') : t('devices.accounts.password')} required={!editing.account} autoComplete="new-password"
              description={editing.account ? t('devices.accounts.passwordKeep') : undefined} value={draft.password} error={errors.password} onChange={(e) => set('password', e.currentTarget.value)}
            />
            <Switch label={t('devices.accounts.admin')} checked={draft.admin} onChange={(e) => set('admin', e.currentTarget.checked)} />
            {editing.account && <Switch label={t('devices.accounts.active')} checked={draft.active} onChange={(e) => set('active', e.currentTarget.checked)} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setEditing(null)}>{t('common.cancel')}</Button>
              <Button leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending} onClick={submit}>{t('common.save')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
