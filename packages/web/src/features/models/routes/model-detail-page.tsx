import { useState } from 'react';
import {
  Anchor, Box, Breadcrumbs, Button, Group, LoadingOverlay, Tabs, Text,
} from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { hasModulePermission, pairText, type Model } from '@isik/domain';
import {
  IconDeviceFloppy, IconDownload, IconFileDescription, IconListDetails, IconPhoto,
  IconSettingsCog, IconTrash, IconX, IconBulbOff,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { RecordFallback } from '../../../components/record-fallback';
import { useSession } from '../../../lib/session';
import { useEntityForm } from '../../../lib/use-entity-form';
import { modelKeys, modelQuery, useDeleteModel, useSaveModel } from '../api/models-api';
import { ModelCategoryBadge, ModelStatusBadge } from '../components/model-badges';
import { DetailTab } from '../components/detail-tab';
import { DownloadsTab } from '../components/downloads-tab';
import { ImagesTab } from '../components/images-tab';
import { ProductionTab } from '../components/production-tab';
import { SpecsTab } from '../components/specs-tab';
import { fieldOf, toFormValues, toModelBody, validateModel, type ModelFormValues } from '../model/model-values';
import { modelsListPath } from './list-location';

const NEW = 'new';
type Tab = 'detail' | 'specs' | 'production' | 'images' | 'downloads';

/** Spec 001 2.2: /model/{id}, or /model/new to create. */
export function ModelDetailPage() {
  const { id = NEW } = useParams();
  return <ModelDetail key={id} id={id} />;
}

function ModelDetail({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isNew = id === NEW;
  const query = useQuery({ ...modelQuery(id), enabled: !isNew });
  const model = query.data;
  const lang = i18n.language;
  const permissions = useSession((s) => s.user?.permissions);
  const canWrite = hasModulePermission(permissions, 'catalogue', 'write');
  const canDelete = hasModulePermission(permissions, 'catalogue', 'delete');
  const save = useSaveModel();
  const remove = useDeleteModel();
  const [tab, setTab] = useState<Tab>('detail');
  // Save with the version read (409 on a stale save), the server's field errors, notices, the live refresh of an
  // untouched form and confirm-then-delete: lib/use-entity-form.ts.
  const entity = useEntityForm<ModelFormValues, Model>({
    record: model,
    toValues: (m) => toFormValues(m),
    validate: (values) => {
      const errors = validateModel(values, lang);
      // The name rule is about the current language's side: the message goes under that input.
      const { model_adi, ...rest } = errors;
      return model_adi ? { ...rest, [lang === 'tr' ? 'name_tr' : 'name_en']: model_adi } : rest;
    },
    // A field's rules speak when it is left, and all of them on saving.
    validateOnChange: false,
    validateOnBlur: true,
    save: ({ id: savedId, version, values }) => save.mutateAsync({ id: savedId, version, body: toModelBody(values) }),
    serverErrors: (fields) => {
      const byField: Record<string, string> = {};
      for (const [key, message] of Object.entries(fields)) {
        const field = fieldOf(key);
        if (field === 'model_adi') byField[lang === 'tr' ? 'name_tr' : 'name_en'] = message;
        else if (field) byField[field] = message;
      }
      return byField;
    },
    // The rule messages sit on the detail tab: show it.
    onRefused: (fields) => { if (Object.keys(fields).length > 0) setTab('detail'); },
    remove: (modelId) => remove.mutateAsync(modelId),
    // 409: a model with products cannot be deleted; the server says so.
    deleteMessage: t('msg.model.delete.confirm'),
    notices: { created: 'model.created', updated: 'model.updated', deleted: 'models.notice.deleted' },
    onSaved: (saved, mode) => { if (mode === 'created') void navigate(`/model/${saved._id}`, { replace: true }); },
    onDeleted: (deleted) => {
      void Promise.resolve(navigate(modelsListPath())).then(() => queryClient.removeQueries({ queryKey: modelKeys.detail(deleted._id) }));
    },
  });
  const { form, submit } = entity;

  const toList = () => void navigate(modelsListPath());

  const handleClose = () => {
    if (!form.isDirty()) {
      toList();
      return;
    }
    openConfirmModal({
      title: t('models.form.discardTitle'),
      centered: true,
      children: <Text size="sm">{t('models.form.discardText')}</Text>,
      labels: { confirm: t('models.form.discardConfirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: toList,
    });
  };

  const title = isNew ? t('models.detail.newTitle') : model ? pairText(model.model_adi, lang) || model.model_kodu : '…';
  const crumbs = (
    <Breadcrumbs mb="xs" separatorMargin={6}>
      <Anchor component={Link} to={modelsListPath()} size="sm">{t('menu.models')}</Anchor>
      <Text size="sm" c="dimmed" lineClamp={1}>{title}</Text>
    </Breadcrumbs>
  );

  if (!isNew && !model) {
    return (
      <RecordFallback
        crumbs={crumbs}
        query={query}
        notFound={{
          icon: <IconBulbOff size={34} stroke={1.5} />,
          title: t('models.detail.notFoundTitle'),
          text: t('models.detail.notFoundText'),
          backTo: modelsListPath(),
          backLabel: t('models.detail.backToList'),
        }}
        loadFailedTitle={t('models.detail.loadFailed')}
      />
    );
  }

  const busy = save.isPending || remove.isPending;
  const subtitle = isNew ? t('models.detail.newSubtitle') : model && (
    <Group gap="xs" component="span">
      <Text span size="sm" ff="monospace" c="dimmed">{model.model_kodu}</Text>
      <ModelCategoryBadge category={model.model_kategori} />
      <ModelStatusBadge active={model.model_durumu} />
    </Group>
  );

  const actions = (
    <>
      {!isNew && canDelete && (
        <Button variant="light" color="red" leftSection={<IconTrash size={18} />} onClick={() => void entity.remove()} disabled={busy} loading={remove.isPending}>
          {t('common.delete')}
        </Button>
      )}
      <Button variant="default" leftSection={<IconX size={18} />} onClick={handleClose} disabled={busy}>
        {t('common.close')}
      </Button>
      <Button type="submit" form="model-form" leftSection={<IconDeviceFloppy size={18} />} loading={save.isPending} disabled={busy || !canWrite}>
        {t('common.save')}
      </Button>
    </>
  );

  const count = (n: number) => (n > 0 ? <Text span size="xs" c="dimmed">({n})</Text> : null);

  return (
    <>
      {crumbs}
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      <Box component="form" id="model-form" onSubmit={submit} noValidate pos="relative" aria-label={t('models.form.label')}>
        <LoadingOverlay visible={query.isFetching && !model} zIndex={5} />
        <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="detail" leftSection={<IconFileDescription size={16} />}>{t('models.tabs.detail')}</Tabs.Tab>
            <Tabs.Tab value="specs" leftSection={<IconListDetails size={16} />} rightSection={count(form.values.ModelFeatures.length)}>{t('models.tabs.specs')}</Tabs.Tab>
            <Tabs.Tab value="production" leftSection={<IconSettingsCog size={16} />} rightSection={count(form.values.productiondetail.length)}>{t('models.tabs.production')}</Tabs.Tab>
            <Tabs.Tab value="images" leftSection={<IconPhoto size={16} />}>{t('models.tabs.images')}</Tabs.Tab>
            <Tabs.Tab value="downloads" leftSection={<IconDownload size={16} />} rightSection={count(form.values.modelDownloads.length)}>{t('models.tabs.downloads')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="detail"><DetailTab form={form} /></Tabs.Panel>
          <Tabs.Panel value="specs"><SpecsTab form={form} /></Tabs.Panel>
          <Tabs.Panel value="production"><ProductionTab form={form} /></Tabs.Panel>
          <Tabs.Panel value="images"><ImagesTab model={model as Model | undefined} /></Tabs.Panel>
          <Tabs.Panel value="downloads"><DownloadsTab form={form} /></Tabs.Panel>
        </Tabs>
      </Box>
    </>
  );
}
