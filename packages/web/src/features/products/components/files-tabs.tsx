import { useState } from 'react';
import {
  ActionIcon, Anchor, Button, Card, Group, Image, Modal, Paper, Select, SimpleGrid, Stack, Text, ThemeIcon, Tooltip,
} from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import '@mantine/dropzone/styles.layer.css';
import { FILE_MAX_MB_DEFAULT, PRODUCT_IMAGE_DESCRIPTIONS, UPLOAD_ACCEPT, UPLOAD_IMAGE_MIMES, formatNumber, smallFileUrl, type Download } from '@isik/domain';
import { IconDeviceFloppy, IconFile, IconFileTypePdf, IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { notifyFailure } from '../../../lib/api';
import type { ImageRow } from '../model/product-values';
import { RowMenu, RowToolbar } from './row-toolbar';
import { useLabels } from '../../../lib/labels';

const MAX_BYTES = FILE_MAX_MB_DEFAULT * 1024 * 1024;

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

const isImage = (type: string, src: string) => type.startsWith('image/') || src.startsWith('data:image/');
/** A stored /api/files URL has a small version; a fresh data URL is shown as is. */
const thumb = (src: string) => (src.startsWith('/api/files/') ? smallFileUrl(src) : src);

function useRejected() {
  const { t } = useTranslation();
  return (rejections: FileRejection[]) => {
    const code = rejections[0]?.errors[0]?.code;
    notifyFailure(code === 'file-too-large' ? t('products.files.tooLarge', { max: FILE_MAX_MB_DEFAULT }) : t('products.files.badType'));
  };
}

function Drop({ onFiles, multiple, images, hint }: { onFiles: (files: File[]) => void; multiple: boolean; images: boolean; hint?: string }) {
  const { t } = useTranslation();
  const rejected = useRejected();
  return (
    <Dropzone
      onDrop={onFiles}
      onReject={rejected}
      accept={images ? [...UPLOAD_IMAGE_MIMES] : UPLOAD_ACCEPT.split(',')}
      maxSize={MAX_BYTES}
      multiple={multiple}
      radius="md"
    >
      <Group justify="center" gap="md" mih={90} wrap="nowrap" style={{ pointerEvents: 'none' }}>
        <Dropzone.Idle><IconUpload size={36} stroke={1.5} color="var(--mantine-color-dimmed)" /></Dropzone.Idle>
        <Dropzone.Accept><IconUpload size={36} stroke={1.5} color="var(--mantine-color-blue-6)" /></Dropzone.Accept>
        <Dropzone.Reject><IconTrash size={36} stroke={1.5} color="var(--mantine-color-red-6)" /></Dropzone.Reject>
        <Stack gap={2}>
          <Text fw={600}>{t('products.files.drop')}</Text>
          <Text size="sm" c="dimmed" data-testid="drop-hint">{hint ?? t(images ? 'products.files.imageHint' : 'products.files.hint', { max: FILE_MAX_MB_DEFAULT })}</Text>
        </Stack>
      </Group>
    </Dropzone>
  );
}

// ------------------------------------------------------------------ images

export function ImagesTab({ rows, onChange }: { rows: ImageRow[]; onChange: (rows: ImageRow[]) => void }) {
  const { t } = useTranslation();
  const labels = useLabels();
  const [editing, setEditing] = useState<{ index: number; row: ImageRow } | null>(null);
  const columns: DataTableColumn<ImageRow>[] = [
    { key: 'img', header: t('products.images.image'), width: 110, render: (r) => (r.image ? <Image src={thumb(r.image)} h={64} w={96} fit="contain" radius="sm" alt={labels.image(r.description)} /> : null) },
    { key: 'desc', header: t('products.images.description'), render: (r) => <Text size="sm" fw={500}>{labels.image(r.description)}</Text> },
    { key: 'menu', header: '', width: 48, render: (r, i) => <RowMenu onEdit={() => setEditing({ index: i, row: r })} onDelete={() => onChange(rows.filter((_, j) => j !== i))} /> },
  ];
  const save = (row: ImageRow) => {
    if (!editing) return;
    onChange(editing.index < 0 ? [...rows, row] : rows.map((r, j) => (j === editing.index ? row : r)));
    setEditing(null);
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <RowToolbar title={t('products.tabs.images')} onAdd={() => setEditing({ index: -1, row: { image: '', description: PRODUCT_IMAGE_DESCRIPTIONS[0] } })} />
      <DataTable columns={columns} rows={rows} rowKey={(_, i) => String(i)} onRowClick={(r) => setEditing({ index: rows.indexOf(r), row: r })} minWidth={480} emptyText={t('products.images.empty')} />
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t('products.images.dialog')} size="lg" centered>
        {editing && <ImageForm row={editing.row} onSave={save} onCancel={() => setEditing(null)} />}
      </Modal>
    </Paper>
  );
}

function ImageForm({ row, onSave, onCancel }: { row: ImageRow; onSave: (r: ImageRow) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const labels = useLabels();
  const [r, setR] = useState(row);
  return (
    <Stack>
      <Select label={t('products.images.description')} data={labels.options(PRODUCT_IMAGE_DESCRIPTIONS, labels.image)} value={r.description} onChange={(v) => setR({ ...r, description: v ?? PRODUCT_IMAGE_DESCRIPTIONS[0] })} allowDeselect={false} />
      {r.image && <Image src={thumb(r.image)} mah={220} fit="contain" radius="md" alt="" />}
      <Drop multiple={false} images onFiles={(files) => { if (files[0]) void readAsDataUrl(files[0]).then((image) => setR((x) => ({ ...x, image }))); }} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>{t('common.cancel')}</Button>
        <Button leftSection={<IconDeviceFloppy size={18} />} disabled={!r.image} onClick={() => onSave(r)}>{t('products.detail.applyRow')}</Button>
      </Group>
    </Stack>
  );
}

// ------------------------------------------------------------------ downloads

type DownloadRow = Download & { base64?: string };

export function DownloadsTab({ rows, onChange }: { rows: DownloadRow[]; onChange: (rows: DownloadRow[]) => void }) {
  const { t } = useTranslation();
  const add = async (files: File[]) => {
    const read = await Promise.all(files.map(async (f) => ({ name: f.name, size: String(f.size), type: f.type, file: '', base64: await readAsDataUrl(f) })));
    onChange([...rows, ...read]);
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Text fw={600} mb="sm">{t('products.tabs.downloads')}</Text>
      <Drop multiple images={false} onFiles={(f) => void add(f)} />
      {rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">{t('products.downloads.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} mt="md">
          {rows.map((d, i) => {
            const src = d.base64 || d.file;
            return (
              <Card key={`${d.name}-${i}`} withBorder radius="md" padding="sm">
                <Card.Section h={120} style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'var(--mantine-color-gray-0)' }}>
                  {isImage(d.type, src) && src ? (
                    <Image src={thumb(src)} h={110} fit="contain" alt={d.name} />
                  ) : d.type === 'application/pdf' || d.name.toLowerCase().endsWith('.pdf') ? (
                    <ThemeIcon size={64} variant="light" color="red" radius="md"><IconFileTypePdf size={40} /></ThemeIcon>
                  ) : (
                    <ThemeIcon size={64} variant="light" color="gray" radius="md"><IconFile size={40} /></ThemeIcon>
                  )}
                </Card.Section>
                <Group justify="space-between" mt="sm" wrap="nowrap">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    {d.file ? <Anchor href={d.file} target="_blank" size="sm" fw={500} truncate="end">{d.name}</Anchor> : <Text size="sm" fw={500} truncate="end">{d.name}</Text>}
                    <Text size="xs" c="dimmed">{formatNumber(Number(d.size) / 1024, 1)} kB{d.file ? '' : ` · ${t('products.downloads.unsaved')}`}</Text>
                  </Stack>
                  <Tooltip label={t('common.delete')}>
                    <ActionIcon variant="subtle" color="red" aria-label={t('common.delete')} onClick={() => onChange(rows.filter((_, j) => j !== i))}><IconTrash size={18} /></ActionIcon>
                  </Tooltip>
                </Group>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </Paper>
  );
}

// ------------------------------------------------------------------ technical drawing

export function DrawingTab({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Group justify="space-between" mb="sm">
        <Text fw={600}>{t('products.drawing.title')}</Text>
        {value && <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={() => onChange('')}>{t('products.drawing.remove')}</Button>}
      </Group>
      {value ? (
        <Paper withBorder radius="md" p="sm" mb="md" bg="gray.0">
          {value.startsWith('data:application/pdf') ? (
            <Group><IconFileTypePdf size={32} /><Text>{t('products.drawing.pdf')}</Text></Group>
          ) : (
            <Image src={value} mah={360} fit="contain" alt={t('products.drawing.title')} />
          )}
        </Paper>
      ) : (
        <Group gap="xs" mb="md" c="dimmed"><IconPhoto size={20} /><Text size="sm">{t('products.drawing.empty')}</Text></Group>
      )}
      <Drop multiple={false} images onFiles={(files) => { if (files[0]) void readAsDataUrl(files[0]).then(onChange); }} hint={t('products.drawing.hint', { max: FILE_MAX_MB_DEFAULT })} />
    </Paper>
  );
}
