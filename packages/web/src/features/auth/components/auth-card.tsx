import type { ReactNode } from 'react';
import { Center, Paper, Stack, Text, Title } from '@mantine/core';

/** The frame of the small public forms (sign-up, forgot password). */
export function AuthCard({ title, subtitle, children }: { title: ReactNode; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Center mih="calc(100dvh - 60px - 2 * var(--mantine-spacing-md))" py="xl">
      <Paper withBorder shadow="md" radius="lg" p="xl" w="100%" maw={440}>
        <Stack gap={4} mb="lg">
          <Title order={2}>{title}</Title>
          {subtitle && <Text c="dimmed" size="sm">{subtitle}</Text>}
        </Stack>
        {children}
      </Paper>
    </Center>
  );
}
