import { useState } from 'react';
import { Avatar, Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import '@mantine/dropzone/styles.layer.css';
import { FILE_MAX_MB_DEFAULT, UPLOAD_IMAGE_MIMES, smallFileUrl } from '@isik/domain';
import { IconPackage, IconPhoto, IconPhotoX, IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tm } from '../../../i18n';

const ACCEPT = [...UPLOAD_IMAGE_MIMES];
const MAX_BYTES = FILE_MAX_MB_DEFAULT * 1024 * 1024;

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable file')));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

/** The list's thumbnail: the stored small image, or a placeholder icon. */
export function MaterialThumb({ src, name, size = 40 }: { src: string; name: string; size?: number }) {
  return (
    <Avatar src={src ? smallFileUrl(src) : null} alt={name} radius="sm" size={size} color="gray" variant="light">
      <IconPackage size={size * 0.55} stroke={1.5} />
    </Avatar>
  );
}

export interface MaterialImageInputProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** The material's picture: dropped or chosen, read as a data URL (the server stores it and answers a URL). */
export function MaterialImageInput({ value, onChange, error }: MaterialImageInputProps) {
  const { t } = useTranslation();
  const [reading, setReading] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setReading(true);
    setLocalError(null);
    try {
      onChange(await readAsDataUrl(file));
    } catch {
      setLocalError(t('materials.image.readFailed'));
    } finally {
      setReading(false);
    }
  };
  const rejected = (files: FileRejection[]) => {
    const code = files[0]?.errors[0]?.code;
    setLocalError(code === 'file-too-large' ? tm('file.tooLarge', { max: FILE_MAX_MB_DEFAULT }) : tm('file.notImage'));
  };
  const shownError = localError ?? error;

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>{t('materials.field.image')}</Text>
      {value ? (
        <Paper withBorder radius="md" p="xs">
          <Image src={value} alt={t('materials.field.image')} h={180} fit="contain" radius="sm" />
          <Group justify="flex-end" mt="xs">
            <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => onChange('')}>
              {t('materials.image.remove')}
            </Button>
          </Group>
        </Paper>
      ) : null}
      <Dropzone
        onDrop={(files) => void pick(files[0])}
        onReject={rejected}
        accept={ACCEPT}
        maxSize={MAX_BYTES}
        multiple={false}
        loading={reading}
        name="material_img"
        radius="md"
        p="sm"
        data-testid="material-image-dropzone"
        style={shownError ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        <Group justify="center" gap="sm" mih={value ? 50 : 110} wrap="nowrap" style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept><IconUpload size={32} stroke={1.5} color="var(--mantine-color-blue-6)" /></Dropzone.Accept>
          <Dropzone.Reject><IconPhotoX size={32} stroke={1.5} color="var(--mantine-color-red-6)" /></Dropzone.Reject>
          <Dropzone.Idle><IconPhoto size={32} stroke={1.5} color="var(--mantine-color-dimmed)" /></Dropzone.Idle>
          <Stack gap={2}>
            <Text size="sm" fw={600}>{value ? t('materials.image.replace') : t('materials.image.drop')}</Text>
            <Text size="xs" c="dimmed">{t('materials.image.hint', { max: FILE_MAX_MB_DEFAULT })}</Text>
          </Stack>
        </Group>
      </Dropzone>
      {shownError && <Text size="xs" c="red">{shownError}</Text>}
    </Stack>
  );
}
