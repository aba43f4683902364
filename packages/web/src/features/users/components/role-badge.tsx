import { Badge } from '@mantine/core';
import { ROLE_KEYS, roleTagColor, type Role } from '@isik/domain';
import { useTranslation } from 'react-i18next';

/** The role tag of the user list (spec 000 2.7): 0 green, 1 blue, 2 yellow, 3 black, others red. */
export function RoleBadge({ role }: { role: number }) {
  const { t } = useTranslation();
  const key = ROLE_KEYS[role as Role];
  const color = roleTagColor(role);
  return (
    <Badge
      color={color}
      // Light dark reads grey; the spec's tag for role 3 is black.
      variant={color === 'dark' ? 'filled' : 'light'}
      radius="sm"
      // The whole name, never cut to an ellipsis.
      styles={{ root: { maxWidth: 'none', overflow: 'visible' }, label: { overflow: 'visible' } }}
      data-role={role}
    >
      {key ? t(`role.${key}`) : String(role)}
    </Badge>
  );
}
