import { useState } from 'react';
import { ActionIcon, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import type { UseFormReturnType } from '@mantine/form';
import { FILE_MAX_MB_DEFAULT, formatNumber } from '@isik/domain';
import { IconDownload, IconFileUpload, IconFileX, IconPaperclip, IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { notifyFailure } from '../../../lib/api';
import { downloadAccept, fileType, readAsDataUrl } from '../model/files';
import { sizeKb, type DownloadRow, type ModelFormValues } from '../model/model-values';
import { Section } from './detail-tab';

const MAX_BYTES = FILE_MAX_MB_DEFAULT * 1024 * 1024;
const ACCEPT = downloadAccept();

/** Downloads tab: files (datasheets, manuals, archives) sent as data URLs with the save; the server answers their URLs. */
export function DownloadsTab({ form }: { form: UseFormReturnType<ModelFormValues> }) {
  const { t } = useTranslation();
  const rows = form.values.modelDownloads;
  const [reading, setReading] = useState(false);

  const add = async (files: File[]) => {
    if (files.length === 0) return;
    setReading(true);
    try {
      const added: DownloadRow[] = [];
      for (const f of files) {
        added.push({ name: f.name, size: String(f.size), type: fileType(f), file: '', base64: await readAsDataUrl(f) });
      }
      form.setFieldValue('modelDownloads', [...form.getValues().modelDownloads, ...added]);
    } catch {
      notifyFailure(t('models.image.readFailed'));
    } finally {
      setReading(false);
    }
  };
  const rejected = (files: FileRejection[]) => {
    const tooLarge = files.some((f) => f.errors.some((e) => e.code === 'file-too-large'));
    notifyFailure(tooLarge ? t('models.image.tooLarge', { max: FILE_MAX_MB_DEFAULT }) : t('models.downloads.badType'));
  };

  const columns: DataTableColumn<DownloadRow>[] = [
    {
      key: 'name', header: t('models.downloads.name'),
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <IconPaperclip size={16} color="var(--mantine-color-dimmed)" />
          <Text size="sm" fw={500} truncate="end" maw={320} title={r.name}>{r.name}</Text>
          {!r.file && <Badge size="xs" color="orange" variant="light" style={{ textTransform: 'none' }}>{t('models.downloads.unsaved')}</Badge>}
        </Group>
      ),
    },
    { key: 'size', header: t('models.downloads.size'), align: 'right', render: (r) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatNumber(sizeKb(r.size), 1)} kB</Text> },
    { key: 'type', header: t('models.downloads.type'), render: (r) => <Text size="sm" c="dimmed" truncate="end" maw={220} title={r.type}>{r.type}</Text> },
    {
      key: 'actions', header: '', width: 84, align: 'right',
      render: (r, i) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('models.downloads.download')}>
            <ActionIcon component="a" href={r.file || r.base64} download={r.name} target="_blank" rel="noreferrer" variant="subtle" aria-label={t('models.downloads.download')}>
              <IconDownload size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('models.form.deleteRow')}>
            <ActionIcon variant="subtle" color="red" onClick={() => form.setFieldValue('modelDownloads', rows.filter((_, j) => j !== i))} aria-label={t('models.form.deleteRow')}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  return (
    <Section title={t('models.tabs.downloads')} icon={<IconFileUpload size={18} />}>
      <Stack gap="md">
        <Dropzone onDrop={(files) => void add(files)} onReject={rejected} accept={ACCEPT} maxSize={MAX_BYTES} loading={reading} radius="md" data-testid="model-downloads-dropzone">
          <Group justify="center" gap="md" mih={90} wrap="nowrap" style={{ pointerEvents: 'none' }}>
            <Dropzone.Accept><IconUpload size={36} stroke={1.5} color="var(--mantine-color-blue-6)" /></Dropzone.Accept>
            <Dropzone.Reject><IconFileX size={36} stroke={1.5} color="var(--mantine-color-red-6)" /></Dropzone.Reject>
            <Dropzone.Idle><IconFileUpload size={36} stroke={1.5} color="var(--mantine-color-dimmed)" /></Dropzone.Idle>
            <Stack gap={2}>
              <Text size="sm" fw={600}>{t('models.downloads.drop')}</Text>
              <Text size="xs" c="dimmed">{t('models.downloads.hint', { max: FILE_MAX_MB_DEFAULT })}</Text>
            </Stack>
          </Group>
        </Dropzone>
        <DataTable columns={columns} rows={rows} rowKey={(r, i) => `${r.name}-${i}`} minWidth={600} emptyText={t('models.downloads.empty')} />
        {rows.some((r) => !r.file) && <Text size="xs" c="dimmed">{t('models.downloads.saveHint')}</Text>}
      </Stack>
    </Section>
  );
}
