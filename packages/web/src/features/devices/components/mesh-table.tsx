import { useState } from 'react';
import { ActionIcon, Badge, Group, Menu, Progress, Slider, Stack, Text } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BRIGHTNESS_STEP, type MeshItem } from '@isik/domain';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { notifySuccess } from '../../../lib/api';
import { useSendBrightness } from '../api/devices-api';
import { BrightnessDialModal } from './brightness-dial-modal';

/** The row menu's range slider 0-100 step 5; sends when the handle is let go. */
function RowSlider({ item, onSend }: { item: MeshItem; onSend: (v: number) => void }) {
  const { t } = useTranslation();
  const [v, setV] = useState(item.brightness);
  return (
    <Stack gap={6} p="xs" w={220}>
      <Text size="xs" c="dimmed">{t('devices.mesh.slider')}: {v}%</Text>
      <Slider value={v} onChange={setV} onChangeEnd={onSend} min={0} max={100} step={BRIGHTNESS_STEP} label={(x) => `${x}%`} aria-label={t('devices.mesh.slider')} />
    </Stack>
  );
}

/**
 * The mesh device list (spec 002 2.10): MAC, name, rssi, version, brightness with a bar, Active or Offline.
 * A row click opens the dial; the row menu holds the slider. A command's result shows through the live socket.
 */
export function MeshTable({ deviceId, items }: { deviceId: string; items: MeshItem[] }) {
  const { t } = useTranslation();
  const send = useSendBrightness(deviceId);
  const [dial, setDial] = useState<MeshItem | null>(null);
  const sendTo = (macs: string[], value: number) => send.mutate({ macs, value }, { onSuccess: () => notifySuccess('devices.mesh.sent', { value }) });

  const columns: DataTableColumn<MeshItem>[] = [
    { key: 'mac', header: t('devices.mesh.mac'), render: (m) => <Text size="sm" ff="monospace">{m.mac_addr}</Text> },
    { key: 'name', header: t('devices.mesh.name'), render: (m) => m.name },
    { key: 'rssi', header: t('devices.mesh.rssi'), align: 'right', render: (m) => `${m.rssi} dBm` },
    { key: 'version', header: t('devices.mesh.version'), render: (m) => m.version },
    {
      key: 'brightness', header: t('devices.mesh.brightness'), width: 180,
      render: (m) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" w={42} ta="right" data-testid="mesh-brightness">{m.brightness}%</Text>
          <Progress value={m.brightness} color="yellow" size="md" style={{ flex: 1 }} aria-label={`${m.brightness}%`} />
        </Group>
      ),
    },
    { key: 'state', header: t('devices.mesh.state'), render: (m) => <Badge color={m.connected ? 'green' : 'red'} variant="light">{m.connected ? t('devices.mesh.active') : t('devices.mesh.offline')}</Badge> },
    {
      key: 'menu', header: '', width: 48, align: 'right',
      render: (m) => (
        <div onClick={(e) => e.stopPropagation()}>
          <Menu position="bottom-end" withinPortal closeOnItemClick={false}>
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label={`${t('devices.mesh.menu')} ${m.name}`}><IconAdjustmentsHorizontal size={18} /></ActionIcon>
            </Menu.Target>
            <Menu.Dropdown><RowSlider item={m} onSend={(v) => sendTo([m.mac_addr], v)} /></Menu.Dropdown>
          </Menu>
        </div>
      ),
    },
  ];

  return (
    <>
      <DataTable columns={columns} rows={items} rowKey={(m) => m.mac_addr} onRowClick={setDial} emptyText={t('devices.mesh.empty')} minWidth={760} />
      <BrightnessDialModal
        opened={dial !== null}
        name={dial?.name ?? ''}
        value={dial?.brightness ?? 0}
        onClose={() => setDial(null)}
        onRelease={(v) => { if (dial) sendTo([dial.mac_addr], v); }}
      />
    </>
  );
}
