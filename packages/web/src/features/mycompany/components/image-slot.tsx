import { useState } from 'react';
import { ActionIcon, Anchor, Button, FileButton, Group, Image, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import '@mantine/dropzone/styles.layer.css';
import { FILE_MAX_MB_DEFAULT, UPLOAD_IMAGE_MIMES } from '@isik/domain';
import { IconFileTypePdf, IconPhoto, IconPhotoX, IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tm } from '../../../i18n';
import { fileSizeKb, isPdf, previewUrl, readAsDataUrl, type PickedFile } from '../model/my-company-form';

const MAX_BYTES = FILE_MAX_MB_DEFAULT * 1024 * 1024;
const IMAGE_ACCEPT: string[] = [...UPLOAD_IMAGE_MIMES];
const CERT_ACCEPT: string[] = [...UPLOAD_IMAGE_MIMES, 'application/pdf'];

/** Reads a picked file after the type and size checks; answers the new value or an error message. */
async function readChecked(f: File, allowPdf: boolean): Promise<{ file?: PickedFile; error?: string }> {
  const accept = allowPdf ? CERT_ACCEPT : IMAGE_ACCEPT;
  if (!accept.includes(f.type)) return { error: allowPdf ? tm('mycompany.certificate.fileType') : tm('file.notImage') };
  if (f.size > MAX_BYTES) return { error: tm('file.tooLarge', { max: FILE_MAX_MB_DEFAULT }) };
  try {
    return { file: { value: await readAsDataUrl(f), name: f.name, size: f.size } };
  } catch {
    return { error: tm('file.invalidData') };
  }
}

export interface ImageSlotProps {
  label: string;
  description?: string;
  value: PickedFile;
  onChange: (next: PickedFile) => void;
  error?: string;
  testId: string;
}

/** One of the four report images (spec 000 2.6): drop or pick, preview, replace, remove. */
export function ImageSlot({ label, description, value, onChange, error, testId }: ImageSlotProps) {
  const { t } = useTranslation();
  const [reading, setReading] = useState(false);
  const [ownError, setOwnError] = useState<string | undefined>();
  const shown = ownError ?? error;

  const pick = async (f: File | null | undefined) => {
    if (!f) return;
    setReading(true);
    const res = await readChecked(f, false);
    setReading(false);
    setOwnError(res.error);
    if (res.file) onChange(res.file);
  };
  const rejected = (files: FileRejection[]) => {
    const code = files[0]?.errors[0]?.code;
    setOwnError(code === 'file-too-large' ? tm('file.tooLarge', { max: FILE_MAX_MB_DEFAULT }) : tm('file.notImage'));
  };

  return (
    <Paper withBorder radius="md" p="sm" h="100%" data-testid={testId} style={shown ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
      <Stack gap="xs" h="100%">
        <div>
          <Text fw={600} size="sm">{label}</Text>
          {description && <Text size="xs" c="dimmed">{description}</Text>}
        </div>
        {value.value ? (
          <>
            <Paper bg="gray.0" radius="sm" p="xs" style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }} h={150}>
              <Image src={previewUrl(value.value)} alt={label} fit="contain" mah={134} maw="100%" />
            </Paper>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="xs" c="dimmed" truncate>
                {value.size !== undefined ? t('mycompany.file.picked', { name: value.name ?? '', kb: fileSizeKb(value.size) }) : t('mycompany.file.stored')}
              </Text>
              <Group gap={4} wrap="nowrap">
                <FileButton onChange={(f) => void pick(f)} accept={IMAGE_ACCEPT.join(',')}>
                  {(props) => (
                    <Button {...props} size="compact-xs" variant="light" leftSection={<IconUpload size={14} />} loading={reading}>
                      {t('mycompany.file.replace')}
                    </Button>
                  )}
                </FileButton>
                <Tooltip label={t('mycompany.file.remove')} withArrow>
                  <ActionIcon variant="subtle" color="red" aria-label={`${t('mycompany.file.remove')}: ${label}`} onClick={() => { setOwnError(undefined); onChange({ value: '' }); }}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          </>
        ) : (
          <Dropzone
            onDrop={(files) => void pick(files[0])}
            onReject={rejected}
            accept={IMAGE_ACCEPT}
            maxSize={MAX_BYTES}
            multiple={false}
            loading={reading}
            radius="sm"
            h={150}
            aria-label={label}
          >
            <Stack align="center" justify="center" gap={4} h={118} style={{ pointerEvents: 'none' }}>
              <Dropzone.Accept><IconUpload size={32} stroke={1.5} color="var(--mantine-color-blue-6)" /></Dropzone.Accept>
              <Dropzone.Reject><IconPhotoX size={32} stroke={1.5} color="var(--mantine-color-red-6)" /></Dropzone.Reject>
              <Dropzone.Idle><IconPhoto size={32} stroke={1.5} color="var(--mantine-color-dimmed)" /></Dropzone.Idle>
              <Text size="sm" fw={500} ta="center">{t('mycompany.file.drop')}</Text>
              <Text size="xs" c="dimmed" ta="center">{t('mycompany.file.imageHint', { max: FILE_MAX_MB_DEFAULT })}</Text>
            </Stack>
          </Dropzone>
        )}
        {shown && <Text size="xs" c="red">{tm(shown)}</Text>}
      </Stack>
    </Paper>
  );
}

export interface FileFieldProps {
  label: string;
  value: PickedFile;
  onChange: (next: PickedFile) => void;
  error?: string;
  testId?: string;
}

/** A certificate file (image or PDF): pick, shows its name and rounded kB, opens the stored one, remove. */
export function FileField({ label, value, onChange, error, testId }: FileFieldProps) {
  const { t } = useTranslation();
  const [ownError, setOwnError] = useState<string | undefined>();
  const shown = ownError ?? error;
  const pick = async (f: File | null) => {
    if (!f) return;
    const res = await readChecked(f, true);
    setOwnError(res.error);
    if (res.file) onChange(res.file);
  };
  const pdf = value.value && (isPdf(value.value) || (value.name ?? '').toLowerCase().endsWith('.pdf'));
  return (
    <Stack gap={4} data-testid={testId}>
      <Text size="sm" fw={500}>{label}</Text>
      <Group gap="sm" wrap="nowrap" align="center">
        {value.value ? (pdf ? <IconFileTypePdf size={36} color="var(--mantine-color-red-7)" /> : <FilePreview value={value.value} />) : null}
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          {value.value ? (
            value.size !== undefined
              ? <Text size="sm" truncate data-testid={testId ? `${testId}-size` : undefined}>{t('mycompany.file.picked', { name: value.name ?? '', kb: fileSizeKb(value.size) })}</Text>
              : <Anchor href={value.value} target="_blank" rel="noopener" size="sm">{t('mycompany.file.open')}</Anchor>
          ) : <Text size="sm" c="dimmed">{t('mycompany.file.none')}</Text>}
        </Stack>
        <FileButton onChange={(f) => void pick(f)} accept={CERT_ACCEPT.join(',')}>
          {(props) => <Button {...props} size="xs" variant="light" leftSection={<IconUpload size={14} />}>{value.value ? t('mycompany.file.replace') : t('mycompany.file.choose')}</Button>}
        </FileButton>
        {value.value && (
          <Tooltip label={t('mycompany.file.remove')} withArrow>
            <ActionIcon variant="subtle" color="red" aria-label={`${t('mycompany.file.remove')}: ${label}`} onClick={() => { setOwnError(undefined); onChange({ value: '' }); }}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {shown && <Text size="xs" c="red">{tm(shown)}</Text>}
    </Stack>
  );
}

/** A small thumbnail of a stored or picked image; a stored PDF (no picture) falls back to the PDF icon. */
export function FilePreview({ value, size = 36 }: { value: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  if (!value) return null;
  if (isPdf(value) || failed) return <IconFileTypePdf size={size} color="var(--mantine-color-red-7)" />;
  return <Image src={previewUrl(value)} alt="" w={size} h={size} fit="contain" radius="sm" onError={() => setFailed(true)} />;
}
