import { useState } from 'react';
import { ActionIcon, Button, Checkbox, Group, Menu, Modal, Slider, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconDots, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BRIGHTNESS_STEP, WEEKDAYS, programInputSchema, type Program, type ProgramInput } from '@isik/domain';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { confirmDelete } from '../../../components/confirm-delete';
import { fieldErrorsOf, notifySuccess } from '../../../lib/api';
import { tm } from '../../../i18n';
import { programsQuery, useRemoveProgram, useSaveProgram } from '../api/devices-api';

const EMPTY: ProgramInput = { user_defined_time: '19:00', brightness: 100, monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };

function ProgramModal({ deviceId, program, opened, onClose }: { deviceId: string; program: Program | null; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveProgram(deviceId);
  const form = useForm<ProgramInput>({
    initialValues: EMPTY,
    validate: (values) => {
      const r = programInputSchema.safeParse(values);
      if (r.success) return {};
      return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), tm(i.message)]));
    },
  });
  const [loadedFor, setLoadedFor] = useState<string | null | undefined>(undefined);
  if (opened && loadedFor !== (program?._id ?? null)) {
    setLoadedFor(program?._id ?? null);
    form.setValues(program ? { user_defined_time: program.user_defined_time, brightness: program.brightness, ...Object.fromEntries(WEEKDAYS.map((d) => [d, program[d]])) } : EMPTY);
    form.resetDirty();
  }
  const close = () => { setLoadedFor(undefined); onClose(); };
  return (
    <Modal opened={opened} onClose={close} title={program ? t('devices.programs.modalEdit') : t('devices.programs.modalNew')} centered>
      <form onSubmit={form.onSubmit((values) => save.mutate({ id: program?._id, input: values, version: program?.__v }, {
        onSuccess: () => { notifySuccess('devices.programs.saved'); close(); },
        onError: (err) => { const f = fieldErrorsOf(err); if (f) form.setErrors(f); },
      }))}>
        <Stack>
          <TextInput type="time" label={t('devices.programs.time')} required {...form.getInputProps('user_defined_time')} />
          <div>
            <Text size="sm" fw={500} mb={6}>{t('devices.programs.brightness')}: {form.values.brightness}%</Text>
            <Slider min={0} max={100} step={BRIGHTNESS_STEP} label={(x) => `${x}%`} {...form.getInputProps('brightness')} aria-label={t('devices.programs.brightness')} />
            {form.errors.brightness && <Text c="red" size="xs">{form.errors.brightness}</Text>}
          </div>
          <Group gap="md">
            {WEEKDAYS.map((d) => <Checkbox key={d} label={t(`devices.programs.days.${d}`)} {...form.getInputProps(d, { type: 'checkbox' })} />)}
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>{t('common.cancel')}</Button>
            <Button type="submit" loading={save.isPending}>{t('common.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Programs (spec 002 2.10, DECISIONS 9): time, brightness, seven weekday marks; create, edit and remove work. */
export function ProgramsTab({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  const q = useQuery(programsQuery(deviceId));
  const remove = useRemoveProgram(deviceId);
  const [editing, setEditing] = useState<Program | null>(null);
  const [opened, setOpened] = useState(false);
  if (q.isError && !q.data) return <LoadFailedAlert title={t('devices.programs.loadFailed')} error={q.error} onRetry={() => void q.refetch()} />;
  const mark = (on: boolean) => (on ? <IconCheck size={16} color="var(--mantine-color-green-7)" aria-label="✓" /> : <IconX size={14} color="var(--mantine-color-gray-5)" aria-label="–" />);
  const columns: DataTableColumn<Program>[] = [
    { key: 'time', header: t('devices.programs.time'), render: (p) => <Text size="sm" fw={600}>{p.user_defined_time}</Text> },
    { key: 'brightness', header: t('devices.programs.brightness'), align: 'right', render: (p) => `${p.brightness}%` },
    ...WEEKDAYS.map((d) => ({ key: d, header: t(`devices.programs.days.${d}`), align: 'center' as const, render: (p: Program) => mark(p[d]) })),
    {
      key: 'menu', header: '', width: 48, align: 'right',
      render: (p) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target><ActionIcon variant="subtle" aria-label={`${t('devices.programs.edit')} ${p.user_defined_time}`}><IconDots size={18} /></ActionIcon></Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => { setEditing(p); setOpened(true); }}>{t('devices.programs.edit')}</Menu.Item>
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => confirmDelete({
              message: t('devices.programs.confirmRemove', { time: p.user_defined_time }),
              onConfirm: () => remove.mutate(p._id, { onSuccess: () => notifySuccess('devices.programs.removed') }),
            })}>{t('devices.programs.remove')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];
  return (
    <Stack>
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => { setEditing(null); setOpened(true); }}>{t('devices.programs.add')}</Button>
      </Group>
      <DataTable columns={columns} rows={q.data?.programList} rowKey={(p) => p._id} loading={q.isFetching && !q.data} emptyText={t('devices.programs.empty')} minWidth={640} />
      <ProgramModal deviceId={deviceId} program={editing} opened={opened} onClose={() => setOpened(false)} />
    </Stack>
  );
}
