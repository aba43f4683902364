import { Center, Loader, Stack, Text } from '@mantine/core';

export interface FullScreenLoaderProps {
  label?: string;
  /** Over the page (keeps what is under it mounted) instead of in place of it. */
  overlay?: boolean;
}

/** Shown while the session is re-verified, so no screen flashes content it may not be allowed to show. */
export function FullScreenLoader({ label, overlay = false }: FullScreenLoaderProps) {
  return (
    <Center
      pos="fixed"
      inset={0}
      style={{ zIndex: 1000, backgroundColor: overlay ? 'rgba(0, 0, 0, 0.35)' : 'var(--mantine-color-body)' }}
      role="status"
      aria-live="polite"
    >
      <Stack align="center" gap="sm">
        <Loader size="lg" />
        {label && <Text c={overlay ? 'white' : 'dimmed'}>{label}</Text>}
      </Stack>
    </Center>
  );
}
