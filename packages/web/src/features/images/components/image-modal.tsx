import { useState } from 'react';
import {
  ActionIcon, Alert, Anchor, Box, Button, FileButton, Group, Image, Input, Modal, MultiSelect, Paper, Select, Stack, Text, ThemeIcon, Tooltip,
} from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import '@mantine/dropzone/styles.layer.css';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import {
  FILE_MAX_MB_DEFAULT, IMAGE_DESCRIPTIONS, UPLOAD_IMAGE_MIMES, formatDate, type ImageDescription, type LibraryImage,
} from '@isik/domain';
import {
  IconDeviceFloppy, IconInfoCircle, IconPhoto, IconPhotoEdit, IconPhotoPlus, IconPhotoX, IconRefresh, IconTrash, IconUpload,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tm } from '../../../i18n';
import { ApiError, notifyError, notifySuccess } from '../../../lib/api';
import { modelOptionsQuery, useCreateImage, useUpdateImage } from '../api/images-api';
import {
  descriptionLabel, fileSizeKb, isImageDescription, mergeModelOptions, modelRefsOf, readAsDataUrl, splitFieldErrors, type ImageField,
} from '../model/image-form';

const MAX_BYTES = FILE_MAX_MB_DEFAULT * 1024 * 1024;
const ACCEPT = [...UPLOAD_IMAGE_MIMES];

/** The picture in the modal: a newly read file (data URL, name, size) or the stored one (URLs only). */
type Picture =
  | { kind: 'new'; dataUrl: string; name: string; size: number }
  | { kind: 'stored'; url: string; fullUrl: string };

type Errors = Partial<Record<ImageField, string>>;

export interface ImageModalProps {
  opened: boolean;
  /** The image to edit (update mode); null adds a new one. */
  image: LibraryImage | null;
  onClose: () => void;
}

/**
 * The add/edit modal of spec 000 2.10: models (multi-select of {label: code, value: id}), the image
 * (read as a base64 data URL in the browser) and the description. Save shows only when an image is there.
 */
export function ImageModal({ opened, image, onClose }: ImageModalProps) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 36em)');
  const create = useCreateImage();
  const update = useUpdateImage();
  const modelsQuery = useQuery({ ...modelOptionsQuery(), enabled: opened });

  const [modelIds, setModelIds] = useState<string[]>(() => image?.model.map((m) => m.value) ?? []);
  const [picture, setPicture] = useState<Picture | null>(() => (image ? { kind: 'stored', url: image.smallimage || image.image, fullUrl: image.image } : null));
  const [description, setDescription] = useState<ImageDescription | null>(() => (image && isImageDescription(image.description) ? image.description : null));
  const [errors, setErrors] = useState<Errors>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [reading, setReading] = useState(false);
  const [dirty, setDirty] = useState(false);

  const options = mergeModelOptions(modelsQuery.data ?? [], image?.model ?? []);
  const saving = create.isPending || update.isPending;

  const clearError = (field: ImageField) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setReading(true);
    try {
      const dataUrl = await readAsDataUrl(file);
      setPicture({ kind: 'new', dataUrl, name: file.name, size: file.size });
      setDirty(true);
      clearError('image');
    } catch {
      setErrors((e) => ({ ...e, image: t('images.modal.readFailed') }));
    } finally {
      setReading(false);
    }
  };

  /** The replace button's file (no dropzone checks there): same type and size rules. */
  const pickChecked = async (file: File | null) => {
    if (!file) return;
    if (!(ACCEPT as string[]).includes(file.type)) {
      setErrors((e) => ({ ...e, image: tm('file.notImage') }));
      return;
    }
    if (file.size > MAX_BYTES) {
      setErrors((e) => ({ ...e, image: tm('file.tooLarge', { max: FILE_MAX_MB_DEFAULT }) }));
      return;
    }
    await pick(file);
  };

  const rejected = (files: FileRejection[]) => {
    const code = files[0]?.errors[0]?.code;
    const message = code === 'file-too-large'
      ? tm('file.tooLarge', { max: FILE_MAX_MB_DEFAULT })
      : code === 'file-invalid-type' ? tm('file.notImage') : t('images.modal.dropReject');
    setErrors((e) => ({ ...e, image: message }));
  };

  const onFailed = (err: unknown) => {
    if (err instanceof ApiError && err.fields) {
      const { byField, other } = splitFieldErrors(err.fields);
      setErrors(byField);
      setOtherErrors(other);
    }
    notifyError(err);
  };

  const save = () => {
    if (!picture || saving) return;
    if (!description) {
      setErrors((e) => ({ ...e, description: t('images.modal.descriptionRequired') }));
      return;
    }
    setOtherErrors([]);
    const model = modelRefsOf(modelIds, options);
    if (!image) {
      if (picture.kind !== 'new') return;
      create.mutate({ model, image: picture.dataUrl, description }, {
        onSuccess: () => {
          notifySuccess('images.notice.created');
          onClose();
        },
        onError: onFailed,
      });
      return;
    }
    const body = { model, description, ...(picture.kind === 'new' ? { image: picture.dataUrl } : {}) };
    update.mutate({ id: image._id, body, version: image.__v }, {
      onSuccess: () => {
        notifySuccess('images.notice.updated');
        onClose();
      },
      onError: onFailed,
    });
  };

  const title = (
    <Group gap="sm" wrap="nowrap">
      <ThemeIcon size={40} radius="xl" variant="light">
        {image ? <IconPhotoEdit size={22} /> : <IconPhotoPlus size={22} />}
      </ThemeIcon>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={700}>{image ? t('images.modal.editTitle') : t('images.modal.createTitle')}</Text>
        {image && <Text size="sm" c="dimmed">{t('images.modal.added', { date: formatDate(image.date) })}</Text>}
      </Stack>
    </Group>
  );

  const modelsDescription = modelsQuery.isError ? (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="image-models-failed">
      <Text size="xs" c="orange.8" component="span">{t('images.modal.modelsFailed')}</Text>
      <Anchor component="button" type="button" size="xs" onClick={() => void modelsQuery.refetch()} style={{ whiteSpace: 'nowrap' }}>
        <Group gap={2} wrap="nowrap" component="span"><IconRefresh size={12} />{t('images.modal.modelsRetry')}</Group>
      </Anchor>
    </Group>
  ) : t('images.modal.modelsHelp');

  const preview = picture && (
    <Paper withBorder radius="md" p="sm" data-testid="image-preview">
      <Group gap="md" wrap="nowrap" align="center">
        <Box
          w={{ base: 96, xs: 132 }}
          h={{ base: 96, xs: 132 }}
          style={{ flexShrink: 0, borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', background: 'var(--mantine-color-gray-light)' }}
        >
          <Image
            src={picture.kind === 'new' ? picture.dataUrl : picture.url}
            alt={t('images.modal.image')}
            w="100%"
            h="100%"
            fit="contain"
          />
        </Box>
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          {picture.kind === 'new' ? (
            <>
              <Text size="sm" fw={600} truncate="end" title={picture.name}>{picture.name}</Text>
              <Text size="sm" c="dimmed" data-testid="image-size">{t('images.modal.size', { kb: fileSizeKb(picture.size) })}</Text>
            </>
          ) : (
            <>
              <Text size="sm" fw={600}>{t('images.modal.storedImage')}</Text>
              <Anchor href={picture.fullUrl} target="_blank" rel="noopener" size="sm">{t('images.lightbox.open')}</Anchor>
            </>
          )}
          <Group gap="xs" mt={4}>
            <FileButton onChange={(file) => void pickChecked(file)} accept={ACCEPT.join(',')}>
              {(props) => (
                <Button {...props} size="xs" variant="light" leftSection={<IconUpload size={14} />} loading={reading} data-testid="image-replace">
                  {t('images.modal.replace')}
                </Button>
              )}
            </FileButton>
            <Tooltip label={t('images.modal.remove')} withArrow>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={() => {
                  setPicture(null);
                  setDirty(true);
                }}
                aria-label={t('images.modal.remove')}
                data-testid="image-remove"
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );

  const dropzone = (
    <Dropzone
      onDrop={(files) => void pick(files[0])}
      onReject={rejected}
      accept={ACCEPT}
      maxSize={MAX_BYTES}
      multiple={false}
      loading={reading}
      name="image"
      radius="md"
      data-testid="image-dropzone"
      style={errors.image ? { borderColor: 'var(--mantine-color-error)' } : undefined}
    >
      <Group justify="center" gap="md" mih={120} wrap="nowrap" style={{ pointerEvents: 'none' }}>
        <Dropzone.Accept>
          <IconUpload size={44} stroke={1.5} color="var(--mantine-color-blue-6)" />
        </Dropzone.Accept>
        <Dropzone.Reject>
          <IconPhotoX size={44} stroke={1.5} color="var(--mantine-color-red-6)" />
        </Dropzone.Reject>
        <Dropzone.Idle>
          <IconPhoto size={44} stroke={1.5} color="var(--mantine-color-dimmed)" />
        </Dropzone.Idle>
        <Stack gap={4}>
          <Dropzone.Idle>
            <Text size="md" fw={600}>{reading ? t('images.modal.reading') : t('images.modal.dropTitle')}</Text>
          </Dropzone.Idle>
          <Dropzone.Accept>
            <Text size="md" fw={600}>{t('images.modal.dropAccept')}</Text>
          </Dropzone.Accept>
          <Dropzone.Reject>
            <Text size="md" fw={600}>{t('images.modal.dropReject')}</Text>
          </Dropzone.Reject>
          <Text size="sm" c="dimmed">{t('images.modal.dropHint', { max: FILE_MAX_MB_DEFAULT })}</Text>
        </Stack>
      </Group>
    </Dropzone>
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      fullScreen={narrow}
      centered
      closeOnClickOutside={!dirty}
      data-testid="image-modal"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Stack gap="md">
          <MultiSelect
            label={t('images.modal.models')}
            description={modelsDescription}
            placeholder={modelIds.length ? undefined : (modelsQuery.isPending ? t('images.modal.modelsLoading') : t('images.modal.modelsPlaceholder'))}
            data={options}
            value={modelIds}
            onChange={(ids) => {
              setModelIds(ids);
              setDirty(true);
              clearError('model');
            }}
            searchable
            clearable
            hidePickedOptions
            nothingFoundMessage={t('images.modal.modelsEmpty')}
            maxDropdownHeight={260}
            comboboxProps={{ withinPortal: true }}
            error={errors.model}
            data-testid="image-models"
          />

          <Input.Wrapper label={t('images.modal.image')} withAsterisk error={errors.image} data-testid="image-field">
            <Box mt={6}>{preview || dropzone}</Box>
          </Input.Wrapper>

          <Select
            label={t('images.modal.description')}
            placeholder={t('images.modal.descriptionPlaceholder')}
            withAsterisk
            data={IMAGE_DESCRIPTIONS.map((d) => ({ value: d, label: descriptionLabel(d, t) }))}
            value={description}
            onChange={(v) => {
              setDescription(isImageDescription(v) ? v : null);
              setDirty(true);
              clearError('description');
            }}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            error={errors.description}
            data-testid="image-description"
          />

          {otherErrors.length > 0 && (
            <Alert color="red" variant="light" icon={<IconInfoCircle size={18} />} py={8}>
              {otherErrors.join(' ')}
            </Alert>
          )}

          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">{picture ? '' : t('images.modal.saveHint')}</Text>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>{t('common.close')}</Button>
              {/* Spec 000 2.10 and 5: the save button is there only when an image is present. */}
              {picture && (
                <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={saving} data-testid="image-save">
                  {t('common.save')}
                </Button>
              )}
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
