import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Box, Button, Stack, TextInput } from '@mantine/core';
import { IconArrowLeft, IconMailCheck, IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { tm } from '../../../i18n';
import { ApiError, notifyError } from '../../../lib/api';
import { requestPasswordReset } from '../api/account-api';
import { AuthCard } from '../components/auth-card';
import { validateEmail, type FormErrors } from '../model/account-forms';

/**
 * Forgot password (issue 13): mails a single-use reset link to a known address. The answer is the same for every
 * address; without SMTP the server says to ask an administrator, which the page shows.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ ok: true } | { ok: false; message: string } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateEmail(email, tm);
    setErrors(found);
    if (found.email || pending) return;
    setPending(true);
    setResult(null);
    try {
      await requestPasswordReset(email, website);
      setResult({ ok: true });
    } catch (err) {
      if (err instanceof ApiError && err.fields?.email) setErrors({ email: err.fields.email });
      else if (err instanceof ApiError && (err.status === 503 || err.status === 429)) setResult({ ok: false, message: err.message });
      else notifyError(err);
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.text')}>
      <form onSubmit={submit} noValidate data-testid="forgot-form">
        <Stack gap="md">
          {result?.ok && (
            <Alert color="green" icon={<IconMailCheck size={18} />} data-testid="forgot-sent">{t('forgot.sent', { email: email.trim() })}</Alert>
          )}
          {result && !result.ok && (
            <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="forgot-unavailable">{result.message}</Alert>
          )}
          <TextInput
            label={t('forgot.email')} name="email" type="email" autoComplete="email" value={email} error={errors.email} data-autofocus
            onChange={(e) => { setEmail(e.currentTarget.value); setErrors({}); }}
          />
          {/* Left empty by people (hidden); a bot that fills it is answered 'ok' and nothing is sent. */}
          <Box style={{ position: 'absolute', left: -10000, width: 1, height: 1, overflow: 'hidden' }} aria-hidden>
            <TextInput label="Website" name="website" tabIndex={-1} autoComplete="off" value={website} onChange={(e) => setWebsite(e.currentTarget.value)} />
          </Box>
          <Button type="submit" fullWidth loading={pending}>{t('forgot.submit')}</Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> {t('forgot.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
