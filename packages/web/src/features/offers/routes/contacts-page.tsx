import { useState } from 'react';
import { ActionIcon, Button, Group, Menu, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { contactInputSchema, hasModulePermission, type Contact, type ContactList } from '@isik/domain';
import { IconAddressBook, IconDeviceFloppy, IconDotsVertical, IconDownload, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm-delete';
import type { DataTableColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageHeader } from '../../../components/page-header';
import { ListTable } from '../../../components/list-table';
import { SearchInput } from '../../../components/search-input';
import { tm } from '../../../i18n';
import { api, fieldErrorsOf, notifyError, notifySuccess } from '../../../lib/api';
import { allPagesOf, describeFilters, type ReportSource } from '../../../lib/report-source';
import { useSession } from '../../../lib/session';
import { useListPage } from '../../../lib/use-list-page';
import { readPage } from '../../../lib/use-list-params';
import { contactsQuery, useDeleteContact, useImportContacts, useSaveContact } from '../api/offers-api';

const PAGE_SIZE = 30;
const DEFAULTS = { page: 1 };
const readParams = (p: URLSearchParams) => ({ page: readPage(p), search: p.get('search') ?? '' });
type Draft = { _id?: string; __v?: number; name: string; company: string; position: string; email: string; phone: string };

/** Spec 000 6 (menu entry): the people the company deals with, filled from companies and offers, editable. */
export function ContactsPage() {
  const { t } = useTranslation();
  const list = useListPage({
    defaults: DEFAULTS,
    parse: readParams,
    query: (s) => contactsQuery({ page: s.page, pageSize: PAGE_SIZE, search: s.search }),
    report: ({ search }): ReportSource<Contact> => ({
      title: t('menu.contacts'), fileName: 'contacts', subtitle: describeFilters([[t('common.search'), search]]),
      columns: [
        { header: t('offers.contacts.name'), value: (c) => c.name, width: 1.4 }, { header: t('offers.field.company'), value: (c) => c.company, width: 1.6 },
        { header: t('offers.contacts.position'), value: (c) => c.position }, { header: t('offers.field.email'), value: (c) => c.email, width: 1.6 },
        { header: t('offers.field.phone'), value: (c) => c.phone },
      ],
      fetchAll: allPagesOf((page, pageSize) => api<ContactList>('/contacts/list', { query: { page, pageSize, search: search || undefined } }), (r) => r.contacts),
    }),
  });
  const { state, query } = list;
  const canWrite = hasModulePermission(useSession((s) => s.user?.permissions), 'offers', 'write');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveContact();
  const remove = useDeleteContact();
  const importAll = useImportContacts();
  const data = query.data;

  const submit = () => {
    if (!draft) return;
    const parsed = contactInputSchema.safeParse(draft);
    if (!parsed.success) { setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), tm(i.message)]))); return; }
    save.mutate({ id: draft._id, version: draft.__v, body: draft }, {
      onSuccess: () => { notifySuccess('contact.saved'); setDraft(null); },
      onError: (err) => { const f = fieldErrorsOf(err); if (f) setErrors(f); notifyError(err); },
    });
  };
  const open = (c?: Contact) => { setErrors({}); setDraft(c ? { ...c } : { name: '', company: '', position: '', email: '', phone: '' }); };

  const columns: DataTableColumn<Contact>[] = [
    { key: 'name', header: t('offers.contacts.name'), render: (c) => <Text size="sm" fw={600}>{c.name}</Text> },
    { key: 'company', header: t('offers.field.company'), render: (c) => <Text size="sm">{c.company}</Text> },
    { key: 'position', header: t('offers.contacts.position'), render: (c) => <Text size="sm" c="dimmed">{c.position}</Text> },
    { key: 'email', header: t('offers.field.email'), render: (c) => (c.email ? <Text size="sm" component="a" href={`mailto:${c.email}`}>{c.email}</Text> : null) },
    { key: 'phone', header: t('offers.field.phone'), render: (c) => <Text size="sm">{c.phone}</Text> },
    {
      key: 'menu', header: '', width: 48, align: 'right',
      render: (c) => canWrite && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target><ActionIcon variant="subtle" color="gray" aria-label={t('offers.contacts.rowMenu', { name: c.name })} onClick={(e) => e.stopPropagation()}><IconDotsVertical size={16} /></ActionIcon></Menu.Target>
          <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => open(c)}>{t('common.edit')}</Menu.Item>
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => void confirmDelete({ message: tm('contact.delete.confirm'), onConfirm: () => remove.mutate(c._id, { onSuccess: () => notifySuccess('contact.deleted') }) })}>{t('common.delete')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  const actions = canWrite && (
    <Group gap="xs">
      <Button variant="default" leftSection={<IconDownload size={16} />} loading={importAll.isPending} onClick={() => importAll.mutate(undefined, { onSuccess: (r) => notifySuccess('offers.contacts.imported', { count: r.added }) })}>{t('offers.contacts.import')}</Button>
      <Button leftSection={<IconPlus size={16} />} onClick={() => open()}>{t('offers.contacts.add')}</Button>
    </Group>
  );
  const field = (k: keyof Draft) => ({ value: String(draft?.[k] ?? ''), error: errors[k], onChange: (e: { currentTarget: { value: string } }) => draft && setDraft({ ...draft, [k]: e.currentTarget.value }) });

  return (
    <>
      <PageHeader title={t('menu.contacts')} subtitle={data ? t('offers.contacts.total', { total: data.totalItemCount }) : t('offers.contacts.subtitle')} actions={actions} />
      {query.isError && !data ? (
        <LoadFailedAlert title={t('offers.contacts.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
      ) : data && data.totalItemCount === 0 && !state.search ? (
        <EmptyState icon={<IconAddressBook size={34} stroke={1.5} />} title={t('offers.contacts.emptyTitle')} text={t('offers.contacts.emptyText')} action={actions} />
      ) : (
        <Paper withBorder radius="md" p="md">
          <SearchInput initialValue={state.search} placeholder={t('offers.contacts.searchPlaceholder')} onSearch={list.setSearch} maw={420} mb="md" />
          <ListTable list={list} columns={columns} rows={data?.contacts} rowKey={(c) => c._id} minWidth={760} onRowClick={canWrite ? open : undefined} />
        </Paper>
      )}
      <Modal opened={draft !== null} onClose={() => setDraft(null)} title={draft?._id ? t('offers.contacts.edit') : t('offers.contacts.add')} centered>
        <Stack>
          <TextInput label={t('offers.contacts.name')} required data-autofocus {...field('name')} />
          <TextInput label={t('offers.field.company')} {...field('company')} />
          <TextInput label={t('offers.contacts.position')} {...field('position')} />
          <TextInput label={t('offers.field.email')} {...field('email')} />
          <TextInput label={t('offers.field.phone')} {...field('phone')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDraft(null)}>{t('common.cancel')}</Button>
            <Button leftSection={<IconDeviceFloppy size={16} />} onClick={submit} loading={save.isPending}>{t('common.save')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
