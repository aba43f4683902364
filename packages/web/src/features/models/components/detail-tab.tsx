import { useState, type ReactNode } from 'react';
import {
  ActionIcon, Grid, Group, Image, Paper, Select, SimpleGrid, Stack, Switch, TagsInput, Text, TextInput, Textarea, ThemeIcon, Title, Tooltip,
} from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import type { UseFormReturnType } from '@mantine/form';
import { FILE_MAX_MB_DEFAULT, MODEL_CATEGORIES, UNITS, UPLOAD_IMAGE_MIMES, VAT_CHOICES } from '@isik/domain';
import { IconCertificate, IconFileDescription, IconPhoto, IconPhotoX, IconTags, IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tm } from '../../../i18n';
import { notifyFailure } from '../../../lib/api';
import type { ModelFormValues } from '../model/model-values';
import { readAsDataUrl } from '../model/files';
import { categoryLabelKey } from './model-badges';
import { NumberField } from '../../../components/number-field';
import { useLabels } from '../../../lib/labels';

const MAX_BYTES = FILE_MAX_MB_DEFAULT * 1024 * 1024;
const HALF = { base: 12, sm: 6 };

export function Section({ title, icon, children, right }: { title: string; icon: ReactNode; children: ReactNode; right?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Group gap="xs" mb="md" justify="space-between" wrap="wrap">
        <Group gap="xs">
          <ThemeIcon variant="light" size="md" radius="md">{icon}</ThemeIcon>
          <Title order={4}>{title}</Title>
        </Group>
        {right}
      </Group>
      {children}
    </Paper>
  );
}

/** Detail tab: bilingual name and description as TR/EN pairs, code, unit, VAT, category, status, order, tags, certificates, main image. */
export function DetailTab({ form }: { form: UseFormReturnType<ModelFormValues> }) {
  const { t, i18n } = useTranslation();
  const labels = useLabels();
  // The name rule asks for the current language's side (spec 001 5): that input is the required one.
  const trRequired = i18n.language === 'tr';
  const [reading, setReading] = useState(false);

  const input = <K extends keyof ModelFormValues>(field: K) => {
    const props = form.getInputProps(field);
    const error = form.errors[field];
    return { ...props, name: String(field), error: typeof error === 'string' && error ? tm(error) : undefined };
  };

  const pickImage = async (file: File | undefined) => {
    if (!file) return;
    setReading(true);
    try {
      form.setFieldValue('model_resim', await readAsDataUrl(file));
    } catch {
      notifyFailure(t('models.image.readFailed'));
    } finally {
      setReading(false);
    }
  };
  const rejected = (files: FileRejection[]) => {
    const tooLarge = files.some((f) => f.errors.some((e) => e.code === 'file-too-large'));
    notifyFailure(tooLarge ? t('models.image.tooLarge', { max: FILE_MAX_MB_DEFAULT }) : t('models.image.badType'));
  };

  const image = form.values.model_resim;

  return (
    <Grid gutter="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="md">
          <Section title={t('models.section.general')} icon={<IconFileDescription size={18} />}>
            <Stack gap="sm">
              <Grid gutter="sm">
                <Grid.Col span={HALF}>
                  <TextInput label={t('models.field.nameTr')} placeholder="Türkçe" withAsterisk={trRequired} {...input('name_tr')} data-testid="model-name-tr" />
                </Grid.Col>
                <Grid.Col span={HALF}>
                  <TextInput label={t('models.field.nameEn')} placeholder="English" withAsterisk={!trRequired} {...input('name_en')} data-testid="model-name-en" />
                </Grid.Col>
                <Grid.Col span={HALF}>
                  <Textarea label={t('models.field.descTr')} autosize minRows={3} maxRows={8} {...input('desc_tr')} />
                </Grid.Col>
                <Grid.Col span={HALF}>
                  <Textarea label={t('models.field.descEn')} autosize minRows={3} maxRows={8} {...input('desc_en')} />
                </Grid.Col>
              </Grid>
              <Text size="xs" c="dimmed">{t('models.form.pairHint')}</Text>
            </Stack>
          </Section>
          <Section title={t('models.section.classification')} icon={<IconTags size={18} />}>
            <Grid gutter="sm">
              <Grid.Col span={HALF}>
                <TextInput label={t('models.field.code')} withAsterisk {...input('model_kodu')} data-testid="model-code" />
              </Grid.Col>
              <Grid.Col span={HALF}>
                <Select
                  label={t('models.field.category')}
                  withAsterisk
                  placeholder={t('models.form.chooseCategory')}
                  data={MODEL_CATEGORIES.map((c) => ({ value: String(c), label: t(categoryLabelKey(c)) }))}
                  allowDeselect={false}
                  {...input('model_kategori')}
                  value={form.values.model_kategori || null}
                  onChange={(v) => form.setFieldValue('model_kategori', v ?? '')}
                  data-testid="model-category"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 6, sm: 3 }}>
                <Select label={t('models.field.unit')} data={labels.options(UNITS, labels.unit)} allowDeselect={false} {...input('model_birimi')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 6, sm: 3 }}>
                <Select
                  label={t('models.field.vat')}
                  data={VAT_CHOICES.map((v) => ({ value: v, label: `%${v}` }))}
                  allowDeselect={false}
                  {...input('model_kdv')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 6, sm: 3 }}>
                <NumberField label={t('models.field.order')} min={0} allowDecimal={false} allowNegative={false} thousandSeparator="." decimalSeparator="," {...input('model_sira')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 6, sm: 3 }}>
                <Stack gap={6} justify="flex-end" h="100%">
                  <Text size="sm" fw={500}>{t('models.field.status')}</Text>
                  <Switch
                    {...form.getInputProps('model_durumu', { type: 'checkbox' })}
                    label={form.values.model_durumu ? t('models.status.active') : t('models.status.passive')}
                    size="md"
                    mb={6}
                  />
                </Stack>
              </Grid.Col>
            </Grid>
          </Section>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="md">
          <Section
            title={t('models.field.image')}
            icon={<IconPhoto size={18} />}
            right={image ? (
              <Tooltip label={t('models.image.remove')}>
                <ActionIcon variant="subtle" color="red" onClick={() => form.setFieldValue('model_resim', '')} aria-label={t('models.image.remove')}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            ) : undefined}
          >
            <Stack gap="sm">
              {image && (
                <Paper withBorder radius="md" p="xs" bg="var(--mantine-color-gray-0)">
                  <Image src={image} h={180} fit="contain" alt={t('models.field.image')} data-testid="model-image-preview" />
                </Paper>
              )}
              <Dropzone
                onDrop={(files) => void pickImage(files[0])}
                onReject={rejected}
                accept={[...UPLOAD_IMAGE_MIMES]}
                maxSize={MAX_BYTES}
                multiple={false}
                loading={reading}
                radius="md"
                data-testid="model-image-dropzone"
              >
                <Group justify="center" gap="sm" mih={image ? 60 : 120} wrap="nowrap" style={{ pointerEvents: 'none' }}>
                  <Dropzone.Accept><IconUpload size={32} stroke={1.5} color="var(--mantine-color-blue-6)" /></Dropzone.Accept>
                  <Dropzone.Reject><IconPhotoX size={32} stroke={1.5} color="var(--mantine-color-red-6)" /></Dropzone.Reject>
                  <Dropzone.Idle><IconPhoto size={32} stroke={1.5} color="var(--mantine-color-dimmed)" /></Dropzone.Idle>
                  <Stack gap={2}>
                    <Text size="sm" fw={600}>{image ? t('models.image.replace') : t('models.image.drop')}</Text>
                    <Text size="xs" c="dimmed">{t('models.image.hint', { max: FILE_MAX_MB_DEFAULT })}</Text>
                  </Stack>
                </Group>
              </Dropzone>
            </Stack>
          </Section>
          <Section title={t('models.section.tags')} icon={<IconCertificate size={18} />}>
            <SimpleGrid cols={1} spacing="sm">
              <TagsInput
                label={t('models.field.tags')}
                description={t('models.form.tagsHint')}
                clearable
                {...form.getInputProps('model_etiket')}
              />
              <TagsInput
                label={t('models.field.certificates')}
                description={t('models.form.certificatesHint')}
                clearable
                {...form.getInputProps('certificates')}
                data-testid="model-certificates"
              />
            </SimpleGrid>
          </Section>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
