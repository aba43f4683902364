import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { PASSWORD_MIN_DEFAULT } from '@isik/domain';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tm } from '../../../i18n';
import { ApiError, notifyError, notifyFailure, notifySuccess } from '../../../lib/api';
import { useChangePassword } from '../api/users-api';
import { validatePasswords, type FormErrors } from '../model/user-form';

export interface PasswordChangeModalProps {
  opened: boolean;
  onClose: () => void;
  userId: string;
  userName: string;
}

/** Spec 000 section 5: two password fields, the minimum length and equal; the change revokes earlier sessions. */
export function PasswordChangeModal({ opened, onClose, userId, userName }: PasswordChangeModalProps) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});

  const close = () => {
    setPassword('');
    setPassword2('');
    setErrors({});
    change.reset();
    onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validatePasswords(password, password2, tm);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      notifyFailure(tm('password.check'));
      return;
    }
    change.mutate({ id: userId, password }, {
      onSuccess: () => {
        notifySuccess('password.changed');
        close();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields?.password) setErrors({ password: err.fields.password });
        notifyError(err, tm('password.notChanged'));
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('users.password.title')}
      centered
      size="sm"
      zIndex={300}
      overlayProps={{ backgroundOpacity: 0.35 }}
    >
      <form onSubmit={submit} noValidate data-testid="password-form">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">{t('users.password.text', { name: userName, min: PASSWORD_MIN_DEFAULT })}</Text>
          <PasswordInput
            label={t('users.password.new')}
            leftSection={<IconLock size={16} />}
            autoComplete="new-password"
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setErrors((x) => ({ ...x, password: undefined }));
            }}
            error={errors.password}
            data-autofocus
            name="new-password"
          />
          <PasswordInput
            label={t('users.password.repeat')}
            leftSection={<IconLock size={16} />}
            autoComplete="new-password"
            value={password2}
            onChange={(e) => {
              setPassword2(e.currentTarget.value);
              setErrors((x) => ({ ...x, password2: undefined }));
            }}
            error={errors.password2}
            name="repeat-password"
          />
          <Group justify="flex-end" gap="xs" mt="xs">
            <Button variant="default" onClick={close}>{t('common.cancel')}</Button>
            <Button type="submit" loading={change.isPending} leftSection={<IconLock size={16} />}>{t('users.password.submit')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
