import { Anchor, Button, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../components/auth-card';

/** Spec 2.1 and 5: a form only, with no call and no validation; submitting keeps the visitor here. */
export function SignupPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('signup.title')} subtitle={t('signup.subtitle')}>
      <form onSubmit={(e) => e.preventDefault()} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label={t('signup.firstname')} name="firstname" autoComplete="given-name" />
            <TextInput label={t('signup.lastname')} name="lastname" autoComplete="family-name" />
          </SimpleGrid>
          <TextInput label={t('signup.email')} name="email" type="email" autoComplete="email" />
          <PasswordInput label={t('signup.password')} name="password" autoComplete="new-password" />
          <PasswordInput label={t('signup.passwordAgain')} name="passwordAgain" autoComplete="new-password" />
          <Button type="submit" fullWidth>{t('signup.submit')}</Button>
          <Text size="sm" ta="center">
            {t('signup.haveAccount')}{' '}
            <Anchor component={Link} to="/login" fw={600}>{t('signup.toLogin')}</Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
