import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBulbOff, IconHome, IconLock, IconServerOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export type ErrorVariant = 'notFound' | 'internal' | 'forbidden' | 'crashed';

const VARIANTS: Record<ErrorVariant, { code: number; icon: typeof IconBulbOff; color: string }> = {
  notFound: { code: 404, icon: IconBulbOff, color: 'yellow' },
  forbidden: { code: 403, icon: IconLock, color: 'orange' },
  internal: { code: 500, icon: IconServerOff, color: 'red' },
  crashed: { code: 500, icon: IconServerOff, color: 'red' },
};

export interface ErrorPageProps {
  variant: ErrorVariant;
  /** Extra detail under the text, e.g. the message of a crash. */
  detail?: string;
}

/** The error page of spec 000 2.12: what happened, the error code and a way back to the main menu. */
export function ErrorPage({ variant, detail }: ErrorPageProps) {
  const { t } = useTranslation();
  const { code, icon: Icon, color } = VARIANTS[variant];
  return (
    <Center mih="60vh" px="md">
      <Stack align="center" gap="md" maw={560} ta="center">
        <ThemeIcon size={88} radius={88} variant="light" color={color}>
          <Icon size={48} stroke={1.5} />
        </ThemeIcon>
        <Stack gap={0} align="center">
          <Text fw={900} fz={96} lh={1} c="dimmed" data-testid="error-code">{code}</Text>
          <Text size="xs" tt="uppercase" c="dimmed" fw={700}>{t('errors.code')}</Text>
        </Stack>
        <Title order={2}>{t(`errors.${variant}.title`)}</Title>
        <Text c="dimmed" size="lg">{t(`errors.${variant}.text`)}</Text>
        {detail && <Text c="dimmed" size="sm" ff="monospace">{detail}</Text>}
        <Button component={Link} to="/" leftSection={<IconHome size={18} />} variant="light" size="md">
          {t('errors.back')}
        </Button>
      </Stack>
    </Center>
  );
}
