import { Button, Divider, Drawer, Group, Progress, SegmentedControl, Select, Stack, Switch, Text } from '@mantine/core';
import { formatNumber, type StorageFigures } from '@isik/domain';
import { IconBulb, IconRestore } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { FONTS, ICON_STYLES, resetSettings, updateSettings, useSettings, type FontName, type IconStyle, type UiSettings } from '../../lib/settings';
import { MenuIcon } from './menu-icons';
import { otherKeys } from '../../lib/query-keys';

export type { StorageFigures };

/** Query key of the storage figures; 'system' is the entity (see the query-key convention in query-client.ts). */
export const storageQueryKey = [...otherKeys.system, 'storage'] as const;

export function formatMegabytes(bytes: number): string {
  return `${formatNumber(bytes / (1024 * 1024), 2)} MB`;
}

const SWITCHES: { key: keyof UiSettings; label: string }[] = [
  { key: 'nightMode', label: 'settings.nightMode' },
  { key: 'fixedNavbar', label: 'settings.fixedNavbar' },
  { key: 'darkHeader', label: 'settings.darkHeader' },
  { key: 'darkMinSidebar', label: 'settings.darkMinSidebar' },
  { key: 'darkSidebar', label: 'settings.darkSidebar' },
  { key: 'iconColor', label: 'settings.iconColor' },
  { key: 'gradientColor', label: 'settings.gradientColor' },
  { key: 'rtl', label: 'settings.rtl' },
  { key: 'boxLayout', label: 'settings.boxLayout' },
];

function StorageSection({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const storage = useQuery({
    queryKey: storageQueryKey,
    queryFn: ({ signal }) => api<StorageFigures>('/system/storage', { signal }),
    enabled,
    staleTime: 0,
    meta: { notifyError: false },
  });
  if (!storage.data) {
    return <Text size="sm" c="dimmed">{storage.isError ? t('settings.storageUnavailable') : t('common.loading')}</Text>;
  }
  const { databaseBytes, filesBytes } = storage.data;
  const total = databaseBytes + filesBytes;
  const share = (n: number) => (total > 0 ? (n / total) * 100 : 0);
  return (
    <Stack gap="xs" data-testid="storage-figures">
      <Progress.Root size="lg">
        <Progress.Section value={share(databaseBytes)} color="blue" />
        <Progress.Section value={share(filesBytes)} color="teal" />
      </Progress.Root>
      <Group justify="space-between"><Text size="sm" c="blue">{t('settings.database')}</Text><Text size="sm" fw={600}>{formatMegabytes(databaseBytes)}</Text></Group>
      <Group justify="space-between"><Text size="sm" c="teal">{t('settings.files')}</Text><Text size="sm" fw={600}>{formatMegabytes(filesBytes)}</Text></Group>
      <Group justify="space-between"><Text size="sm">{t('settings.total')}</Text><Text size="sm" fw={700}>{formatMegabytes(total)}</Text></Group>
    </Stack>
  );
}

function IconStylePicker({ label, value, onChange }: { label: string; value: IconStyle; onChange: (v: IconStyle) => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>{label}</Text>
      <SegmentedControl
        fullWidth
        value={value}
        onChange={(v) => onChange(v as IconStyle)}
        data={ICON_STYLES.map((s) => ({
          value: s,
          label: (
            <Group gap={6} justify="center" wrap="nowrap" title={t(`settings.iconStyle${s}`)}>
              <MenuIcon icon={IconBulb} variant={s} color={null} size={22} />
              <Text span size="sm">{s}</Text>
            </Group>
          ),
        }))}
      />
      <Text size="xs" c="dimmed">{t(`settings.iconStyle${value}`)}</Text>
    </Stack>
  );
}

/** The settings side panel (spec 000 2.2). Every choice applies at once and is kept in this browser. */
export function SettingsDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const signedIn = useSession((s) => s.status === 'successful');

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={340} title={t('settings.title')} styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}>
      <Stack gap="md">
        <Text size="xs" tt="uppercase" fw={700} c="dimmed">{t('settings.appearance')}</Text>
        <Select
          label={t('settings.font')}
          data={FONTS.map((f) => ({ value: f, label: f }))}
          value={settings.font}
          onChange={(v) => v && updateSettings({ font: v as FontName })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <IconStylePicker label={t('settings.menuIcon')} value={settings.menuIconStyle} onChange={(v) => updateSettings({ menuIconStyle: v })} />
        <IconStylePicker label={t('settings.submenuIcon')} value={settings.submenuIconStyle} onChange={(v) => updateSettings({ submenuIconStyle: v })} />

        <Divider />
        <Text size="xs" tt="uppercase" fw={700} c="dimmed">{t('settings.layout')}</Text>
        {SWITCHES.map(({ key, label }) => (
          <Switch
            key={key}
            label={t(label)}
            checked={settings[key] as boolean}
            onChange={(e) => updateSettings({ [key]: e.currentTarget.checked })}
          />
        ))}
        <Button variant="default" leftSection={<IconRestore size={16} />} onClick={resetSettings}>
          {t('settings.reset')}
        </Button>

        {signedIn && (
          <>
            <Divider />
            <Text size="xs" tt="uppercase" fw={700} c="dimmed">{t('settings.storage')}</Text>
            <StorageSection enabled={opened} />
          </>
        )}
      </Stack>
    </Drawer>
  );
}
