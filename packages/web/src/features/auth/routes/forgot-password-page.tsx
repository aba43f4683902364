import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../components/auth-card';

/** Spec 2.1 and 5: a form only, with no call and no validation. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.text')}>
      <form onSubmit={(e) => e.preventDefault()} noValidate>
        <Stack gap="md">
          <TextInput label={t('forgot.email')} name="email" type="email" autoComplete="email" />
          <Button type="submit" fullWidth>{t('forgot.submit')}</Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> {t('forgot.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
