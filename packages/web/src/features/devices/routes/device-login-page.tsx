import { useState } from 'react';
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { notifyFailure } from '../../../lib/notify';
import { deviceLogin, deviceLoginFailure } from '../api/device-session';

/** /{product}login (spec 002 2.10): e-mail and password of the device system; success goes to /gatewaylist. */
export function DeviceLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    // Like the back office's login: nothing happens while loading or with an empty field.
    if (loading || !email.trim() || !password) return;
    setLoading(true);
    setError(null);
    try {
      await deviceLogin(email.trim(), password);
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from !== location.pathname ? from : '/gatewaylist', { replace: true });
    } catch (err) {
      const message = deviceLoginFailure(err);
      setError(message);
      notifyFailure(message);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Center mih="70vh">
      <Paper withBorder radius="md" p="xl" w={400} maw="100%">
        <form onSubmit={submit}>
          <Stack>
            <Stack gap={4} align="center">
              <IconBulb size={40} stroke={1.4} color="var(--mantine-color-yellow-6)" />
              <Title order={3}>{t('devices.login.title')}</Title>
              <Text size="sm" c="dimmed" ta="center">{t('devices.login.subtitle')}</Text>
            </Stack>
            {error && <Alert color="red" title={t('devices.login.failed')} role="alert">{error}</Alert>}
            <TextInput label={t('devices.login.email')} type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.currentTarget.value)} required />
            <PasswordInput label={t('devices.login.password')} autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} required />
            <Button type="submit" loading={loading} fullWidth>{t('devices.login.submit')}</Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
