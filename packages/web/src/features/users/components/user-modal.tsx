import { useMemo, useState, type FormEvent } from 'react';
import {
  Alert, Badge, Button, Group, Modal, PasswordInput, Select, SimpleGrid, Stack, Switch, Tabs, Text, TextInput, ThemeIcon,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ROLES, ROLE_KEYS, assignableRoles, canManageRole, formatDate, type Role, type User } from '@isik/domain';
import {
  IconAt, IconDeviceFloppy, IconId, IconInfoCircle, IconKey, IconLock, IconPhone, IconShieldLock, IconUser, IconUserPlus,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { tm } from '../../../i18n';
import { sessionStore, useSession } from '../../../lib/session';
import { useEntityForm } from '../../../lib/use-entity-form';
import { useCreateUser, useUpdateUser } from '../api/users-api';
import {
  DETAIL_FIELDS, bodyFromForm, emptyUserForm, presetErrors, userFormOf, validateUserForm, type FormErrors, type UserFormValues,
} from '../model/user-form';
import { CompanyPicker } from './company-picker';
import { PasswordChangeModal } from './password-change-modal';
import { PermissionGrid } from './permission-grid';
import { UserAvatar } from './user-avatar';

type Tab = 'info' | 'detail';

export interface UserModalProps {
  opened: boolean;
  /** The user to edit (update mode); null creates a new one. */
  user: User | null;
  onClose: () => void;
}

const PRESET_FIELDS = ['firstname', 'lastname', 'email'] as const;

function tabOf(field: string): Tab {
  return DETAIL_FIELDS.includes(field) ? 'detail' : 'info';
}

/**
 * The user modal of spec 000 2.7: create mode without _id, update mode with _id; tabs info and detail
 * (company and the module permission grid); a password change in update mode.
 */
export function UserModal({ opened, user, onClose }: UserModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const narrow = useMediaQuery('(max-width: 36em)');
  const myRole = useSession((s) => s.role) ?? 7;
  const myId = useSession((s) => s.user?._id ?? null);
  const create = useCreateUser();
  const update = useUpdateUser();
  const [tab, setTab] = useState<Tab>('info');
  const [passwordOpen, setPasswordOpen] = useState(false);

  const mode = user ? 'update' : 'create';
  const isSelf = user !== null && user._id === myId;
  // Others: only users of a less privileged role (role 0: everyone); the server refuses the rest too.
  const readOnly = user !== null && !isSelf && !canManageRole(myRole, user.role);
  // Nobody but role 0 changes their own permission grid.
  const gridLocked = readOnly || (isSelf && myRole !== 0);
  const showGrid = myRole < 2;
  const preset = useMemo<FormErrors>(() => (user ? presetErrors(user, tm) : {}), [user]);

  const showErrors = (errors: FormErrors) => {
    const first = Object.keys(errors).find((k) => errors[k]);
    if (first && tabOf(first) !== tab && !Object.keys(errors).some((k) => errors[k] && tabOf(k) === tab)) setTab(tabOf(first));
  };

  // Validation on leaving a field, the save, the server's field errors (already translated) under the fields and the
  // notice: lib/use-entity-form.ts. Create sends no version; an update sends the one the modal opened with.
  const entity = useEntityForm<UserFormValues, User>({
    record: user,
    toValues: (record) => (record ? userFormOf(record) : emptyUserForm()),
    initialErrors: preset,
    validateOnChange: false,
    validateOnBlur: true,
    validate: (values) => {
      const errors = validateUserForm(values, mode, tm);
      // The "Write … please" errors stay until the field is changed.
      for (const f of PRESET_FIELDS) if (preset[f] && user && values[f] === user[f]) errors[f] = preset[f];
      return errors;
    },
    save: async ({ version, values }) => {
      if (!user) return create.mutateAsync({ ...bodyFromForm(values, { withRole: true, withPermissions: showGrid }), password: values.password });
      return update.mutateAsync({ id: user._id, body: bodyFromForm(values, { user, withRole: true, withPermissions: showGrid }), version });
    },
    notices: { created: 'users.notice.created', updated: 'users.notice.updated' },
    onSaved: (saved, saveMode) => {
      // Editing yourself: the header and the user panel show the new name at once.
      const prev = sessionStore.get().user;
      if (saveMode === 'updated' && isSelf && saved && prev) {
        sessionStore.set({
          email: saved.email,
          user: { ...prev, firstname: saved.firstname, lastname: saved.lastname, email: saved.email, user_img: saved.user_img, permissions: saved.permissions },
        });
      }
      onClose();
      // Spec 000 section 4: after creating a user, without a role stored locally the app goes to /.
      if (saveMode === 'created' && sessionStore.get().role === null) void navigate('/');
    },
    // A refused save shows the tab of the first error when the open tab has none.
    onRefused: (errors) => showErrors(errors as FormErrors),
  });
  const { form } = entity;

  const roleOptions = useMemo(() => {
    const allowed = assignableRoles(myRole);
    const roles = ROLES.filter((r) => allowed.includes(r) || r === user?.role);
    return roles.map((r) => ({ value: String(r), label: `${r} · ${t(`role.${ROLE_KEYS[r as Role]}`)}`, disabled: !allowed.includes(r) }));
  }, [myRole, user?.role, t]);

  const errorTabs = new Set(Object.entries(form.errors).filter(([, v]) => Boolean(v)).map(([k]) => tabOf(k)));
  const saving = entity.saving;
  // A user this session may not change is shown only.
  const submit = readOnly ? (event?: FormEvent<HTMLFormElement>) => event?.preventDefault() : entity.submit;

  const fullName = user ? `${user.firstname} ${user.lastname}`.trim() : '';
  const title = user ? (
    <Group gap="sm" wrap="nowrap">
      <UserAvatar user={user} size={40} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={700} truncate="end">{t('users.modal.editTitle')}</Text>
        <Text size="sm" c="dimmed" truncate="end">{fullName || user.email}</Text>
      </Stack>
    </Group>
  ) : (
    <Group gap="sm" wrap="nowrap">
      <ThemeIcon size={40} radius="xl" variant="light"><IconUserPlus size={22} /></ThemeIcon>
      <Text fw={700}>{t('users.modal.createTitle')}</Text>
    </Group>
  );

  const tabLabel = (key: Tab, label: string) => (
    <Group gap={6} wrap="nowrap">
      {label}
      {errorTabs.has(key) && <Badge size="xs" circle color="red" aria-label={t('users.modal.tabHasErrors')}>!</Badge>}
    </Group>
  );

  return (
    <>
      <Modal
        opened={opened}
        onClose={onClose}
        title={title}
        size="lg"
        fullScreen={narrow}
        centered
        closeOnClickOutside={!form.isDirty()}
        data-testid="user-modal"
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {readOnly && (
              <Alert color="yellow" variant="light" icon={<IconLock size={18} />}>{tm('user.target.higher')}</Alert>
            )}
            <Tabs value={tab} onChange={(v) => setTab((v as Tab) ?? 'info')}>
              <Tabs.List grow>
                <Tabs.Tab value="info" leftSection={<IconId size={16} />}>{tabLabel('info', t('users.tabs.info'))}</Tabs.Tab>
                <Tabs.Tab value="detail" leftSection={<IconShieldLock size={16} />}>{tabLabel('detail', t('users.tabs.detail'))}</Tabs.Tab>
              </Tabs.List>

              <Tabs.Panel value="info" pt="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                  <TextInput
                    label={t('users.fields.firstname')}
                    leftSection={<IconUser size={16} />}
                    withAsterisk
                    disabled={readOnly}
                    data-autofocus
                    name="firstname"
                    {...form.getInputProps('firstname')}
                  />
                  <TextInput
                    label={t('users.fields.lastname')}
                    leftSection={<IconUser size={16} />}
                    withAsterisk
                    disabled={readOnly}
                    name="lastname"
                    {...form.getInputProps('lastname')}
                  />
                  <TextInput
                    label={t('users.fields.email')}
                    type="email"
                    leftSection={<IconAt size={16} />}
                    withAsterisk
                    disabled={readOnly}
                    autoComplete="off"
                    name="email"
                    {...form.getInputProps('email')}
                  />
                  <TextInput
                    label={t('users.fields.mobile')}
                    type="tel"
                    leftSection={<IconPhone size={16} />}
                    disabled={readOnly}
                    name="mobile"
                    {...form.getInputProps('mobile')}
                  />
                  <Select
                    label={t('users.fields.role')}
                    data={roleOptions}
                    allowDeselect={false}
                    disabled={readOnly || isSelf}
                    description={isSelf ? tm('user.role.own') : undefined}
                    comboboxProps={{ withinPortal: true }}
                    data-testid="role-select"
                    {...form.getInputProps('role')}
                  />
                  <Stack gap={4} justify="center" pt={{ base: 0, sm: 'lg' }}>
                    <Switch
                      label={t('users.fields.active')}
                      description={isSelf ? tm('user.self.deactivate') : undefined}
                      disabled={readOnly || isSelf}
                      size="md"
                      {...form.getInputProps('userstate', { type: 'checkbox' })}
                    />
                  </Stack>
                  {mode === 'create' && (
                    <>
                      <PasswordInput
                        label={t('users.fields.password')}
                        leftSection={<IconLock size={16} />}
                        withAsterisk
                        autoComplete="new-password"
                        name="password"
                        {...form.getInputProps('password')}
                      />
                      <PasswordInput
                        label={t('users.fields.password2')}
                        leftSection={<IconLock size={16} />}
                        withAsterisk
                        autoComplete="new-password"
                        name="password2"
                        {...form.getInputProps('password2')}
                      />
                    </>
                  )}
                </SimpleGrid>
              </Tabs.Panel>

              <Tabs.Panel value="detail" pt="md">
                <Stack gap="md">
                  <CompanyPicker
                    value={form.values.usercompany_id}
                    onChange={(id) => {
                      form.setFieldValue('usercompany_id', id);
                      form.clearFieldError('usercompany_id');
                    }}
                    initial={user?.usercompany_id[0] ?? null}
                    error={form.errors.usercompany_id as string | undefined}
                    disabled={readOnly}
                  />
                  {user && (
                    <Text size="sm" c="dimmed">{t('users.modal.registered', { date: formatDate(user.date) })}</Text>
                  )}
                  {showGrid && (
                    <Stack gap={6}>
                      <Group gap={6}>
                        <IconShieldLock size={18} />
                        <Text fw={700}>{t('users.permissions.title')}</Text>
                      </Group>
                      <Text size="sm" c="dimmed">{t('users.permissions.help')}</Text>
                      <PermissionGrid
                        value={form.values.permissions}
                        onChange={(grid) => form.setFieldValue('permissions', grid)}
                        disabled={gridLocked}
                      />
                    </Stack>
                  )}
                </Stack>
              </Tabs.Panel>
            </Tabs>

            {Object.values(form.errors).some(Boolean) && (
              <Alert color="red" variant="light" icon={<IconInfoCircle size={18} />} py={8}>
                {t('users.modal.fixErrors')}
              </Alert>
            )}

            <Group justify="space-between" gap="xs" wrap="wrap">
              <div>
                {user && !readOnly && (
                  <Button variant="subtle" leftSection={<IconKey size={16} />} onClick={() => setPasswordOpen(true)}>
                    {t('users.password.open')}
                  </Button>
                )}
              </div>
              <Group gap="xs">
                <Button variant="default" onClick={onClose}>{t('common.close')}</Button>
                {/*
                  No blur on pressing Save: the field left would be checked on its own first (validateInputOnBlur), its
                  error line would push the button away before the click ends, and only that one error would show.
                */}
                <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={saving} disabled={readOnly} onMouseDown={(e) => e.preventDefault()}>
                  {t('common.save')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Modal>
      {user && (
        <PasswordChangeModal
          opened={passwordOpen}
          onClose={() => setPasswordOpen(false)}
          userId={user._id}
          userName={fullName || user.email}
        />
      )}
    </>
  );
}
