import { Avatar, Badge, Group, Paper, Stack, Table } from '@mantine/core';
import { ROLE_KEYS, roleTagColor, type Role } from '@isik/domain';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { displayName, useSession } from '../../../lib/session';

/** The spec leaves the profile's content open; it shows who is signed in until profile editing is built. */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  if (!user) return null;
  const name = displayName(user);
  return (
    <>
      <PageHeader title={t('profile.title')} />
      <Paper withBorder radius="md" p="lg" maw={640}>
        <Group gap="lg" align="flex-start" wrap="nowrap">
          <Avatar src={user.user_img || null} size={72} radius="xl" color="blue" alt={name} />
          <Stack gap={4} style={{ flex: 1 }}>
            <Table variant="vertical" withTableBorder={false}>
              <Table.Tbody>
                <Table.Tr><Table.Th w={140}>{t('profile.name')}</Table.Th><Table.Td>{name}</Table.Td></Table.Tr>
                <Table.Tr><Table.Th>{t('profile.email')}</Table.Th><Table.Td>{user.email}</Table.Td></Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('profile.role')}</Table.Th>
                  <Table.Td>
                    <Badge variant="light" color={roleTagColor(user.role)}>{t(`role.${ROLE_KEYS[user.role as Role] ?? 'guest'}`)}</Badge>
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Stack>
        </Group>
      </Paper>
    </>
  );
}
