import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconCircleCheck, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { tm } from '../../../i18n';
import { ApiError, notifyError } from '../../../lib/api';
import { resetPassword } from '../api/account-api';
import { AuthCard } from '../components/auth-card';
import { PASSWORD_MIN, validateNewPassword, type FormErrors } from '../model/account-forms';

/** The link of the reset mail (issue 13): /resetpassword?token=…, a new password twice; the link works once, for an hour. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(token ? null : tm('auth.reset.invalid'));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateNewPassword(password, again, tm);
    setErrors(found);
    if (Object.keys(found).length > 0 || pending) return;
    setPending(true);
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.fields?.password) setErrors({ password: err.fields.password });
      else if (err instanceof ApiError && (err.code === 'auth.reset.invalid' || err.status === 429)) setInvalid(err.message);
      else notifyError(err);
    } finally {
      setPending(false);
    }
  };

  const back = (
    <Anchor component={Link} to="/login" size="sm" ta="center">
      <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> {t('forgot.backToLogin')}
    </Anchor>
  );

  if (done) {
    return (
      <AuthCard title={t('reset.title')}>
        <Stack gap="md">
          <Alert color="green" icon={<IconCircleCheck size={18} />} data-testid="reset-done">{t('reset.done')}</Alert>
          <Button component={Link} to="/login" fullWidth>{t('reset.toLogin')}</Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.text', { min: PASSWORD_MIN })}>
      <form onSubmit={submit} noValidate data-testid="reset-form">
        <Stack gap="md">
          {invalid && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="reset-invalid">
              {invalid} <Anchor component={Link} to="/forgotpassword" size="sm">{t('reset.newLink')}</Anchor>
            </Alert>
          )}
          <PasswordInput
            label={t('reset.password')} leftSection={<IconLock size={16} />} autoComplete="new-password" name="password" value={password} error={errors.password}
            onChange={(e) => { setPassword(e.currentTarget.value); setErrors((x) => ({ ...x, password: undefined })); }} data-autofocus disabled={!token}
          />
          <PasswordInput
            label={t('reset.passwordAgain')} leftSection={<IconLock size={16} />} autoComplete="new-password" name="passwordAgain" value={again} error={errors.passwordAgain}
            onChange={(e) => { setAgain(e.currentTarget.value); setErrors((x) => ({ ...x, passwordAgain: undefined })); }} disabled={!token}
          />
          <Button type="submit" fullWidth loading={pending} disabled={!token}>{t('reset.submit')}</Button>
          {back}
        </Stack>
      </form>
    </AuthCard>
  );
}
