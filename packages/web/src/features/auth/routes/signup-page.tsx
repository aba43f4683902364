import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Box, Button, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { tm } from '../../../i18n';
import { ApiError, notifyError } from '../../../lib/api';
import { signup, type SignupValues } from '../api/account-api';
import { AuthCard } from '../components/auth-card';
import { validateSignup, type FormErrors } from '../model/account-forms';

const EMPTY: SignupValues = { firstname: '', lastname: '', email: '', password: '', passwordAgain: '', website: '' };

/**
 * Sign-up (issue 13): an inactive account that a manager approves (a to-do tells them). The same answer for an
 * address that already has an account, so the form tells no one which addresses are registered.
 */
export function SignupPage() {
  const { t } = useTranslation();
  const [values, setValues] = useState<SignupValues>(EMPTY);
  const [errors, setErrors] = useState<FormErrors>({});
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  const field = (name: keyof SignupValues) => ({
    value: values[name],
    error: errors[name],
    name,
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((x) => ({ ...x, [name]: undefined }));
    },
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateSignup(values, tm);
    setErrors(found);
    if (Object.values(found).some(Boolean) || pending) return;
    setPending(true);
    setRefused(null);
    try {
      await signup(values);
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.fields && Object.keys(err.fields).length > 0) setErrors(err.fields);
      else if (err instanceof ApiError && err.status === 429) setRefused(err.message);
      else notifyError(err);
    } finally {
      setPending(false);
    }
  };

  if (done) {
    return (
      <AuthCard title={t('signup.title')}>
        <Stack gap="md">
          <Alert color="green" icon={<IconCircleCheck size={18} />} data-testid="signup-done">{t('signup.done')}</Alert>
          <Button component={Link} to="/web" variant="light" fullWidth>{t('signup.toCatalogue')}</Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('signup.title')} subtitle={t('signup.subtitle')}>
      <form onSubmit={submit} noValidate data-testid="signup-form">
        <Stack gap="md">
          {refused && <Alert color="red" icon={<IconAlertTriangle size={18} />}>{refused}</Alert>}
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label={t('signup.firstname')} autoComplete="given-name" data-autofocus {...field('firstname')} />
            <TextInput label={t('signup.lastname')} autoComplete="family-name" {...field('lastname')} />
          </SimpleGrid>
          <TextInput label={t('signup.email')} type="email" autoComplete="email" {...field('email')} />
          <PasswordInput label={t('signup.password')} autoComplete="new-password" {...field('password')} />
          <PasswordInput label={t('signup.passwordAgain')} autoComplete="new-password" {...field('passwordAgain')} />
          {/* Left empty by people (hidden); a bot that fills it is answered 'ok' and nothing is stored. */}
          <Box style={{ position: 'absolute', left: -10000, width: 1, height: 1, overflow: 'hidden' }} aria-hidden>
            <TextInput label="Website" tabIndex={-1} autoComplete="off" {...field('website')} />
          </Box>
          <Text size="xs" c="dimmed">{t('signup.approvalNote')}</Text>
          <Button type="submit" fullWidth loading={pending}>{t('signup.submit')}</Button>
          <Text size="sm" ta="center">
            {t('signup.haveAccount')}{' '}
            <Anchor component={Link} to="/login" fw={600}>{t('signup.toLogin')}</Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
