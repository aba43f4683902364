import { useMemo, useState } from 'react';
import {
  Alert, Anchor, Breadcrumbs, Button, Grid, Group, List, Paper, Select, Stack, Tabs, Text, TextInput, ThemeIcon, Title,
} from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CURRENCIES, PRICE_PLACES, QTY_PLACES, UNITS, formatNumber, hasModulePermission } from '@isik/domain';
import {
  IconAlertTriangle, IconCategory, IconChecklist, IconCoin, IconDeviceFloppy, IconId, IconPackage, IconPackageOff, IconPlus, IconTrash, IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { RecordFallback } from '../../../components/record-fallback';
import { tm } from '../../../i18n';
import { useSession } from '../../../lib/session';
import { useEntityForm } from '../../../lib/use-entity-form';
import { materialCategoriesQuery, materialKeys, materialQuery, useDeleteMaterial, useSaveMaterial } from '../api/materials-api';
import { CreatableSelect } from '../components/creatable-select';
import { MaterialImageInput } from '../components/material-image';
import { StockAmount } from '../components/stock-amount';
import { StockPanel } from '../components/stock-panel';
import { MaterialCostPanel } from '../components/material-cost-panel';
import {
  groupOptions, orderedErrors, sortNames, toFormValues, toMaterialBody, validateMaterial, type MaterialField, type MaterialFormValues,
} from '../model/material-values';
import { materialsListPath } from './list-location';
import { NumberField } from '../../../components/number-field';
import { useLabels } from '../../../lib/labels';

const NEW = 'new';
const FORM_ID = 'material-form';

const LABEL_KEYS: Record<MaterialField, string> = {
  material_no: 'materials.field.no',
  material_name: 'materials.field.name',
  material_category: 'materials.field.category',
  material_group: 'materials.field.group',
  material_unit: 'materials.field.unit',
  material_price: 'materials.field.price',
  material_doviz: 'materials.field.currency',
  material_img: 'materials.field.image',
  purchase_multiple: 'materials.field.purchaseMultiple',
  purchase_min: 'materials.field.purchaseMin',
  min_stock: 'materials.field.minStock',
};

/** Spec 001 2.6: /material/{id}, or /material/new to create. */
export function MaterialDetailPage() {
  const { id = NEW } = useParams();
  // A new id (e.g. after creating) starts a fresh screen rather than reusing the old form's state.
  return <MaterialDetail key={id} id={id} />;
}

function MaterialDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const labels = useLabels();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isNew = id === NEW;
  const query = useQuery({ ...materialQuery(id), enabled: !isNew });
  const material = query.data;
  const categories = useQuery(materialCategoriesQuery());
  const permissions = useSession((s) => s.user?.permissions);
  const canWrite = hasModulePermission(permissions, 'catalogue', 'write');
  const canDelete = hasModulePermission(permissions, 'catalogue', 'delete');
  const canStock = hasModulePermission(permissions, 'stock', 'write');
  const save = useSaveMaterial();
  const remove = useDeleteMaterial();
  const [dialogOpen, setDialogOpen] = useState(false);

  // The stored material arrives (or another user changed it): an untouched form follows it; edits in progress stay.
  const entity = useEntityForm<MaterialFormValues, NonNullable<typeof material>>({
    record: material,
    toValues: (m) => toFormValues(m ?? undefined),
    validate: validateMaterial,
    // The rules speak when the user saves, not while typing.
    validateOnChange: false,
    save: ({ id: savedId, version, values }) => save.mutateAsync({ id: savedId, version, body: toMaterialBody(values) }),
    remove: (materialId) => remove.mutateAsync(materialId),
    deleteMessage: t('msg.material.delete.confirm'),
    notices: { created: 'msg.material.created', updated: 'msg.material.updated', deleted: 'materials.notice.deleted' },
    onSaved: (saved, mode) => { if (mode === 'created') void navigate(`/material/${saved._id}`, { replace: true }); },
    onDeleted: (deleted) => {
      void Promise.resolve(navigate(materialsListPath())).then(() => queryClient.removeQueries({ queryKey: materialKeys.detail(deleted._id) }));
    },
  });
  const { form, input } = entity;

  const cats = categories.data;
  const categoryGroups = useMemo(() => (cats ? [{ group: t('materials.form.existingCategories'), items: sortNames(cats.categories) }] : []), [cats, t]);
  const groupGroups = useMemo(
    () => groupOptions(cats, form.values.material_category, { inCategory: t('materials.form.groupsOfCategory'), other: t('materials.form.otherGroups') }),
    [cats, form.values.material_category, t],
  );

  const toList = () => void navigate(materialsListPath());
  /** Close asks first when there are unsaved changes. */
  const handleClose = () => {
    if (!form.isDirty()) {
      toList();
      return;
    }
    openConfirmModal({
      title: t('materials.form.discardTitle'),
      centered: true,
      children: <Text size="sm">{t('materials.form.discardText')}</Text>,
      labels: { confirm: t('materials.form.discardConfirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: toList,
    });
  };

  const title = isNew ? t('materials.detail.newTitle') : material?.material_name ?? '…';
  const crumbs = (
    <Breadcrumbs mb="xs" separatorMargin={6}>
      <Anchor component={Link} to={materialsListPath()} size="sm">{t('menu.materials')}</Anchor>
      <Text size="sm" c="dimmed" lineClamp={1}>{title}</Text>
    </Breadcrumbs>
  );

  if (!isNew && !material) {
    return (
      <RecordFallback
        crumbs={crumbs}
        query={query}
        notFound={{
          icon: <IconPackageOff size={34} stroke={1.5} />,
          title: t('materials.detail.notFoundTitle'),
          text: t('materials.detail.notFoundText'),
          backTo: materialsListPath(),
          backLabel: t('materials.detail.backToList'),
        }}
        loadFailedTitle={t('materials.detail.loadFailed')}
      />
    );
  }

  const subtitle = isNew ? t('materials.detail.newSubtitle') : material && (
    <Group gap="xs" component="span">
      <Text span size="sm" c="dimmed">{[material.material_category, material.material_group].filter(Boolean).join(' / ')}</Text>
      <Text span size="sm" c="dimmed">·</Text>
      <Text span size="sm" c="dimmed">{t('materials.list.stock')}:</Text>
      <StockAmount value={material.stockSum} unit={labels.unit(material.material_unit)} />
    </Group>
  );

  const actions = (
    <>
      {!isNew && canDelete && (
        <Button variant="light" color="red" leftSection={<IconTrash size={18} />} onClick={() => void entity.remove()} loading={entity.deleting}>
          {t('common.delete')}
        </Button>
      )}
      {!isNew && canStock && (
        <Button variant="light" leftSection={<IconPlus size={18} />} onClick={() => setDialogOpen(true)}>
          {t('materials.detail.newMovement')}
        </Button>
      )}
      {canWrite && (
        <Button type="submit" form={FORM_ID} leftSection={<IconDeviceFloppy size={18} />} loading={entity.saving}>
          {t('common.save')}
        </Button>
      )}
      <Button variant="default" leftSection={<IconX size={18} />} onClick={handleClose}>{t('common.close')}</Button>
    </>
  );

  const errors = orderedErrors(form.errors);

  const formCard = (
    <form id={FORM_ID} onSubmit={entity.submit} noValidate aria-label={t('materials.form.label')}>
      <Stack gap="md">
        {entity.errorsShown && errors.length > 0 && (
          <Alert
            color="red" variant="light" icon={<IconAlertTriangle size={20} />} title={t('materials.form.errorsTitle')}
            withCloseButton closeButtonLabel={t('common.close')} onClose={entity.hideErrors} data-testid="material-form-errors"
          >
            <List size="sm" spacing={2}>
              {errors.map(([field, message]) => (
                <List.Item key={field}><Text span fw={600} size="sm">{t(LABEL_KEYS[field])}:</Text> {tm(message)}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} h="100%">
              <Group gap="xs" mb="md">
                <ThemeIcon variant="light" size="md" radius="md"><IconPackage size={16} /></ThemeIcon>
                <Title order={4}>{t('materials.section.material')}</Title>
              </Group>
              <Grid gutter="sm">
                <Grid.Col span={{ base: 12, sm: 3 }}>
                  <NumberField label={t(LABEL_KEYS.material_no)} min={0} allowDecimal={false} thousandSeparator="." decimalSeparator="," {...input('material_no')} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 9 }}>
                  <TextInput label={t(LABEL_KEYS.material_name)} withAsterisk maxLength={200} data-autofocus {...input('material_name')} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <CreatableSelect
                    label={t(LABEL_KEYS.material_category)}
                    withAsterisk
                    name="material_category"
                    leftSection={<IconCategory size={16} />}
                    placeholder={t('materials.form.categoryPlaceholder')}
                    value={form.values.material_category}
                    onChange={(v) => form.setFieldValue('material_category', v)}
                    groups={categoryGroups}
                    createLabel={(value) => t('materials.form.createCategory', { value })}
                    nothingFound={t('materials.form.nothingFound')}
                    error={input('material_category').error}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <CreatableSelect
                    label={t(LABEL_KEYS.material_group)}
                    withAsterisk
                    name="material_group"
                    placeholder={t('materials.form.groupPlaceholder')}
                    value={form.values.material_group}
                    onChange={(v) => form.setFieldValue('material_group', v)}
                    groups={groupGroups}
                    createLabel={(value) => t('materials.form.createGroup', { value })}
                    nothingFound={t('materials.form.nothingFound')}
                    error={input('material_group').error}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 4 }}>
                  <Select label={t(LABEL_KEYS.material_unit)} data={labels.options(UNITS, labels.unit)} allowDeselect={false} comboboxProps={{ withinPortal: true }} {...input('material_unit')} />
                </Grid.Col>
                <Grid.Col span={{ base: 7, sm: 5 }}>
                  <NumberField
                    label={t(LABEL_KEYS.material_price)}
                    min={0}
                    decimalScale={PRICE_PLACES}
                    fixedDecimalScale
                    decimalSeparator=","
                    thousandSeparator="."
                    {...input('material_price')}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 5, sm: 3 }}>
                  <Select label={t(LABEL_KEYS.material_doviz)} data={[...CURRENCIES]} allowDeselect={false} comboboxProps={{ withinPortal: true }} {...input('material_doviz')} />
                </Grid.Col>
                {/* Issue 25: the component list rounds its suggested purchase up to these (blank: none). */}
                <Grid.Col span={{ base: 6, sm: 4 }}>
                  <NumberField label={t(LABEL_KEYS.purchase_multiple)} description={t('materials.form.purchaseHint')} min={0} decimalScale={4} decimalSeparator="," thousandSeparator="." allowNegative={false} data-testid="purchase-multiple" {...input('purchase_multiple')} />
                </Grid.Col>
                <Grid.Col span={{ base: 6, sm: 4 }}>
                  <NumberField label={t(LABEL_KEYS.purchase_min)} description={t('materials.form.purchaseHint')} min={0} decimalScale={4} decimalSeparator="," thousandSeparator="." allowNegative={false} data-testid="purchase-min" {...input('purchase_min')} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 4 }}>
                  <NumberField
                    label={t(LABEL_KEYS.min_stock)}
                    min={0}
                    decimalScale={QTY_PLACES}
                    decimalSeparator=","
                    thousandSeparator="."
                    data-testid="material-min-stock"
                    {...input('min_stock')}
                  />
                </Grid.Col>
              </Grid>
              {!isNew && material && (
                <Text size="xs" c="dimmed" mt="md">
                  {t('materials.detail.priceLine', { price: formatNumber(material.material_price, 4), currency: material.material_doviz, unit: labels.unit(material.material_unit) })}
                </Text>
              )}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} h="100%">
              <MaterialImageInput
                value={form.values.material_img}
                onChange={(v) => form.setFieldValue('material_img', v)}
                error={input('material_img').error}
              />
            </Paper>
          </Grid.Col>
        </Grid>
      </Stack>
    </form>
  );

  return (
    <>
      {crumbs}
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      <Tabs defaultValue="detail" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="detail" leftSection={<IconId size={16} />}>{t('materials.tabs.detail')}</Tabs.Tab>
          <Tabs.Tab value="qc" leftSection={<IconChecklist size={16} />}>{t('materials.tabs.qc')}</Tabs.Tab>
          {material && <Tabs.Tab value="cost" leftSection={<IconCoin size={16} />} data-testid="material-cost-tab">{t('materials.cost.tab')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="detail">
          <Stack gap="lg">
            {formCard}
            {material ? (
              <StockPanel material={material} dialogOpen={dialogOpen} onDialogChange={setDialogOpen} />
            ) : (
              <Alert variant="light" color="blue" icon={<IconPackage size={18} />}>{t('materials.detail.stockAfterSave')}</Alert>
            )}
          </Stack>
        </Tabs.Panel>
        {material && <Tabs.Panel value="cost"><MaterialCostPanel materialId={material._id} /></Tabs.Panel>}
        <Tabs.Panel value="qc">
          <EmptyState icon={<IconChecklist size={34} stroke={1.5} />} title={t('materials.qc.emptyTitle')} text={t('materials.qc.emptyText')} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
