import { Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import { ROLE_KEYS, roleTagColor, type Role } from '@isik/domain';
import { useTranslation } from 'react-i18next';
import { DeferredTooltip } from '../../components/deferred/deferred-floating';
import { displayName, useSession } from '../../lib/session';

export function initials(name: string): string {
  return name.split(/\s+/).filter(Boolean).slice(0, 2).map((p) => p[0]?.toUpperCase()).join('');
}

/** Who is signed in (or a guest label), shown at the top of the navbar (spec 000 2.2). */
export function UserPanel({ mini, onGradient = false }: { mini: boolean; onGradient?: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = session.status === 'successful' && session.user !== null;
  const name = signedIn ? displayName(session.user) : t('shell.guest');
  const roleKey = session.role !== null ? ROLE_KEYS[session.role as Role] : undefined;
  const avatar = (
    <Avatar src={signedIn && session.user?.user_img ? session.user.user_img : null} radius="xl" size={mini ? 38 : 44} color="blue" variant={onGradient ? 'white' : 'light'} alt={name}>
      {signedIn ? initials(name) : null}
    </Avatar>
  );
  if (mini) {
    return (
      <DeferredTooltip label={signedIn ? `${name} · ${session.email ?? ''}` : name} position="right" withArrow>
        <Group justify="center" py="sm">{avatar}</Group>
      </DeferredTooltip>
    );
  }
  return (
    <Group gap="sm" wrap="nowrap" p="md" data-testid="user-panel">
      {avatar}
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={700} size="sm" truncate="end">{name}</Text>
        <Text size="xs" c="dimmed" truncate="end">{signedIn ? session.email : t('shell.notSignedIn')}</Text>
        {signedIn && roleKey && session.role !== null && (
          <Badge size="xs" variant={onGradient ? 'white' : 'light'} color={roleTagColor(session.role)} w="fit-content">{t(`role.${roleKey}`)}</Badge>
        )}
      </Stack>
    </Group>
  );
}
