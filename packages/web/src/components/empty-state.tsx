import type { ReactNode } from 'react';
import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';

export interface EmptyStateProps {
  title: ReactNode;
  text?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ title, text, icon, action }: EmptyStateProps) {
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack align="center" gap="sm" py="xl" ta="center">
        <ThemeIcon size={64} radius={64} variant="light" color="gray">
          {icon ?? <IconInbox size={34} stroke={1.5} />}
        </ThemeIcon>
        <Title order={3}>{title}</Title>
        {text && <Text c="dimmed" maw={420}>{text}</Text>}
        {action}
      </Stack>
    </Card>
  );
}
