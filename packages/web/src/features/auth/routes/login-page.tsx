import { Anchor, Button, Checkbox, Divider, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useForm } from '@mantine/form';
import { IconAt, IconLock, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { notifyFailure, notifySuccess } from '../../../lib/api';
import { homeOf } from '../../../lib/return-path';
import { clearSessionError, login, useSession } from '../../../lib/session';
import classes from './login-page.module.css';

// The picture carousel (Embla and the catalogue's pictures) is not needed for the form's first render (issue 12: the
// sign-in page's first download). It is asked for once the form is on screen.
const ProductCarousel = lazy(() => import('../components/product-carousel').then((m) => ({ default: m.ProductCarousel })));

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Asked for once the form is on screen, so its download does not compete with the form's (ADR 0030).
  const [formShown, setFormShown] = useState(false);
  useEffect(() => setFormShown(true), []);
  const status = useSession((s) => s.status);
  const role = useSession((s) => s.role);
  const form = useForm({ initialValues: { email: '', password: '', remember: false } });

  if (status === 'successful') return <Navigate to={homeOf(role)} replace />;

  const submit = form.onSubmit(async (values) => {
    const result = await login(values);
    // Spec 2.4: nothing happens while a login runs or when e-mail or password is empty.
    if (!result) return;
    if (result.ok) {
      notifySuccess('notice.loginSuccessful');
      await navigate(homeOf(result.user.role), { replace: true });
      return;
    }
    notifyFailure(result.explanation || t('notice.error'));
    clearSessionError();
  });

  return (
    <Paper withBorder shadow="md" radius="lg" maw={1100} mx="auto" my={{ base: 'md', md: 'xl' }} style={{ overflow: 'hidden' }}>
      <div className={classes.columns}>
        <Stack p={{ base: 'lg', sm: 40 }} gap="lg" justify="center">
          <Stack gap={4}>
            <Title order={2}>{t('login.title')}</Title>
            <Text c="dimmed">{t('login.subtitle')}</Text>
          </Stack>
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <TextInput
                label={t('login.email')}
                type="email"
                autoComplete="username"
                leftSection={<IconAt size={16} />}
                size="md"
                data-autofocus
                {...form.getInputProps('email')}
              />
              <PasswordInput
                label={t('login.password')}
                autoComplete="current-password"
                leftSection={<IconLock size={16} />}
                size="md"
                {...form.getInputProps('password')}
              />
              <Group justify="space-between">
                <Checkbox label={t('login.remember')} {...form.getInputProps('remember', { type: 'checkbox' })} />
                <Anchor component={Link} to="/forgotpassword" size="sm">{t('login.forgot')}</Anchor>
              </Group>
              <Button type="submit" size="md" fullWidth loading={status === 'pending'}>
                {t('login.submit')}
              </Button>
            </Stack>
          </form>
          <Text size="sm" ta="center">
            {t('login.noAccount')}{' '}
            <Anchor component={Link} to="/signup" fw={600}>{t('login.signUp')}</Anchor>
          </Text>
          <Divider />
          <Button component={Link} to="/web" variant="light" leftSection={<IconWorld size={18} />}>
            {t('login.toCatalogue')}
          </Button>
        </Stack>
        <Stack p={{ base: 'md', md: 'lg' }} justify="center" bg="var(--mantine-color-dark-8)">
          <Suspense fallback={null}>
            {formShown && <ProductCarousel />}
          </Suspense>
        </Stack>
      </div>
    </Paper>
  );
}
