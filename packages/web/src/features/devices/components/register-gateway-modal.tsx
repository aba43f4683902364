import { useState } from 'react';
import { Alert, Button, Code, CopyButton, Grid, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconCheck, IconCopy, IconDeviceFloppy, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NumberField, type NumberFieldValue } from '../../../components/number-field';
import { fieldErrorsOf, notifyError } from '../../../lib/api';
import { useRegisterGateway } from '../api/devices-api';

interface Draft { mac_addr: string; device_name: string; device_description: string; city: string; map_lat: NumberFieldValue; map_lng: NumberFieldValue; time_zone: string }
const EMPTY: Draft = { mac_addr: '', device_name: '', device_description: '', city: '', map_lat: '', map_lng: '', time_zone: 'Europe/Istanbul' };

const coord = (v: NumberFieldValue): number | null => (v === '' ? null : Number(v));

/**
 * Registers a gateway with the device service (device admins): the service answers the gateway's key once; it goes
 * into the gateway's configuration. A MAC already registered gets a new key (the old one stops working).
 */
export function RegisterGatewayModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const register = useRegisterGateway();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ key: string; created: boolean; mac: string } | null>(null);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const close = () => { setDraft(EMPTY); setErrors({}); setResult(null); onClose(); };
  const submit = () => {
    setErrors({});
    register.mutate({ ...draft, map_lat: coord(draft.map_lat), map_lng: coord(draft.map_lng) }, {
      onSuccess: (r) => setResult({ key: r.key, created: r.created, mac: r.mac_addr }),
      onError: (err) => { const f = fieldErrorsOf(err); if (f) setErrors(f); notifyError(err); },
    });
  };

  return (
    <Modal opened={opened} onClose={close} centered size="lg" title={t('devices.register.title')}>
      {result ? (
        <Stack>
          <Alert color={result.created ? 'green' : 'yellow'} icon={<IconKey size={18} />} title={result.created ? t('devices.register.created', { mac: result.mac }) : t('devices.register.rekeyed', { mac: result.mac })}>
            {t('devices.register.keyOnce')}
          </Alert>
          <Group gap="xs" wrap="nowrap">
            <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-testid="gateway-key">{result.key}</Code>
            <CopyButton value={result.key}>
              {({ copied, copy }) => <Button variant="light" onClick={copy} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}>{copied ? t('devices.register.copied') : t('devices.register.copy')}</Button>}
            </CopyButton>
          </Group>
          <Group justify="flex-end"><Button onClick={close}>{t('devices.register.done')}</Button></Group>
        </Stack>
      ) : (
        <Stack>
          <Text size="sm" c="dimmed">{t('devices.register.text')}</Text>
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t('devices.list.mac')} placeholder="AA:BB:CC:DD:EE:FF" required value={draft.mac_addr} error={errors.mac_addr} onChange={(e) => set('mac_addr', e.currentTarget.value)} data-autofocus />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t('devices.list.name')} required value={draft.device_name} error={errors.device_name} onChange={(e) => set('device_name', e.currentTarget.value)} />
            </Grid.Col>
            <Grid.Col span={12}>
              <Textarea label={t('devices.details.description')} autosize minRows={2} value={draft.device_description} error={errors.device_description} onChange={(e) => set('device_description', e.currentTarget.value)} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t('devices.list.city')} value={draft.city} error={errors.city} onChange={(e) => set('city', e.currentTarget.value)} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t('devices.register.timeZone')} value={draft.time_zone} error={errors.time_zone} onChange={(e) => set('time_zone', e.currentTarget.value)} />
            </Grid.Col>
            <Grid.Col span={{ base: 6 }}>
              <NumberField label={t('devices.register.lat')} min={-90} max={90} decimalScale={7} allowNegative thousandSeparator={false} value={draft.map_lat} error={errors.map_lat} onChange={(v) => set('map_lat', v)} />
            </Grid.Col>
            <Grid.Col span={{ base: 6 }}>
              <NumberField label={t('devices.register.lng')} min={-180} max={180} decimalScale={7} allowNegative thousandSeparator={false} value={draft.map_lng} error={errors.map_lng} onChange={(v) => set('map_lng', v)} />
            </Grid.Col>
          </Grid>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>{t('common.cancel')}</Button>
            <Button leftSection={<IconDeviceFloppy size={16} />} loading={register.isPending} onClick={submit}>{t('devices.register.submit')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
