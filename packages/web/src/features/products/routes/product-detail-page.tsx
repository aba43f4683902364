import { useEffect, useState } from 'react';
import {
  Alert, Anchor, Badge, Box, Breadcrumbs, Button, Group, List, LoadingOverlay, Menu, Paper, Tabs, Text,
} from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { pairText, type Product } from '@isik/domain';
import {
  IconAlertTriangle, IconBox, IconBuildingFactory2, IconChevronDown, IconDeviceFloppy, IconDownload, IconFileDescription,
  IconId, IconListDetails, IconPackageOff, IconPhoto, IconRuler2, IconStack2, IconTrash, IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { confirmDelete } from '../../../components/confirm-delete';
import { PageHeader } from '../../../components/page-header';
import { RecordFallback } from '../../../components/record-fallback';
import { tm } from '../../../i18n';
import { ApiError, notifyError, notifySuccess } from '../../../lib/api';
import { productKeys, productQuery, useDeleteProduct, useSaveProduct } from '../api/products-api';
import { DetailTab } from '../components/detail-tab';
import { DownloadsTab, DrawingTab, ImagesTab } from '../components/files-tabs';
import { ProductionTab } from '../components/production-tab';
import { ShareButtons } from '../components/share-buttons';
import { SpecsTab } from '../components/specs-tab';
import { StockTab } from '../components/stock-tab';
import { emptyDraft, figures, toBody, toDraft, validateDraft, type ProductDraft } from '../model/product-values';
import { datasheetUrl } from './products-page';

const NEW = 'new';
const LIST = '/products';

/** Spec 001 2.4: /product/{id}, or /product/new to create. */
export function ProductDetailPage() {
  const { id = NEW } = useParams();
  return <ProductDetail key={id} id={id} />;
}

function ProductDetail({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const isNew = id === NEW;
  const query = useQuery({ ...productQuery(id), enabled: !isNew });
  const product = query.data;

  const crumbs = (
    <Breadcrumbs mb="xs" separatorMargin={6}>
      <Anchor component={Link} to={LIST} size="sm">{t('products.list.title')}</Anchor>
      <Text size="sm" c="dimmed" lineClamp={1}>{isNew ? t('products.detail.newTitle') : product ? pairText(product.urun_adi, i18n.language) : '…'}</Text>
    </Breadcrumbs>
  );

  if (!isNew && !product) {
    return (
      <RecordFallback
        crumbs={crumbs}
        query={query}
        notFound={{
          icon: <IconPackageOff size={34} stroke={1.5} />,
          title: t('products.detail.notFoundTitle'),
          text: t('products.detail.notFoundText'),
          backTo: LIST,
          backLabel: t('products.detail.backToList'),
        }}
        loadFailedTitle={t('products.detail.loadFailed')}
      />
    );
  }

  return (
    <ProductEditor
      product={product ?? null}
      crumbs={crumbs}
      onCreated={(p) => void navigate(`/product/${p._id}`, { replace: true })}
      onDeleted={async (p) => {
        await navigate(LIST);
        qc.removeQueries({ queryKey: productKeys.detail(p._id) });
      }}
      onClose={() => void navigate(LIST)}
    />
  );
}

const ROW_TABS = ['specs', 'production', 'images'] as const;

function ProductEditor({ product, crumbs, onCreated, onDeleted, onClose }: {
  product: Product | null;
  crumbs: React.ReactNode;
  onCreated: (p: Product) => void;
  onDeleted: (p: Product) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [draft, setDraft] = useState<ProductDraft>(() => (product ? toDraft(product) : emptyDraft()));
  const [version, setVersion] = useState(product?.__v ?? 0);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [showErrors, setShowErrors] = useState(false);
  const [tab, setTab] = useState<string | null>('detail');
  const save = useSaveProduct();
  const remove = useDeleteProduct();

  // Another user's change refreshes an untouched form; edits in progress are never overwritten.
  useEffect(() => {
    if (!product || dirty) return;
    setDraft(toDraft(product));
    setVersion(product.__v);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [product]);

  const set = (patch: Partial<ProductDraft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (showErrors) setErrors(validateDraft(next, lang));
    setDirty(true);
  };

  const submit = async () => {
    const found = validateDraft(draft, lang);
    setErrors(found);
    setShowErrors(true);
    if (Object.keys(found).length > 0) {
      setTab('detail');
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: product?._id, version, body: toBody(draft) });
      setDraft(toDraft(saved));
      setVersion(saved.__v);
      setDirty(false);
      setShowErrors(false);
      notifySuccess(product ? 'product.updated' : 'product.created');
      if (!product) onCreated(saved);
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        const mapped = Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k === 'urun_adi' ? 'name' : k.split('.')[0], v]));
        setErrors(mapped);
        setTab('detail');
      }
      notifyError(err);
    }
  };

  const del = async () => {
    if (!product) return;
    if (!(await confirmDelete({ message: tm('product.delete.confirm') }))) return;
    try {
      await remove.mutateAsync(product._id);
      notifySuccess('products.notice.deleted');
      onDeleted(product);
    } catch (err) {
      notifyError(err);
    }
  };

  const close = () => {
    if (!dirty) return onClose();
    openConfirmModal({
      title: t('products.detail.discardTitle'), centered: true,
      children: <Text size="sm">{t('products.detail.discardText')}</Text>,
      labels: { confirm: t('products.detail.discardConfirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: onClose,
    });
  };

  const title = product ? pairText(product.urun_adi, lang) : t('products.detail.newTitle');
  const errorList = Object.entries(errors);
  const busy = save.isPending || remove.isPending;

  const more = product && (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <Button variant="default" rightSection={<IconChevronDown size={16} />}>{t('products.detail.more')}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconDownload size={16} />} onClick={() => setTab('downloads')}>{t('products.tabs.downloads')}</Menu.Item>
        <Menu.Item leftSection={<IconFileDescription size={16} />} component="a" href={datasheetUrl(product._id, lang)} target="_blank" rel="noopener" data-testid="datasheet-link">
          {t('products.list.datasheet')}
        </Menu.Item>
        {product.urun_model && (
          <Menu.Item leftSection={<IconBox size={16} />} component={Link} to={`/model/${product.urun_model._id}`}>{t('products.detail.openModel')}</Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );

  const subtitle = product ? (
    <Group gap="xs" component="span">
      <Badge component="span" variant="light">{t(`model.kategori${product.model_category}`)}</Badge>
      <Badge component="span" variant="light" color={product.urun_durumu ? 'teal' : 'gray'}>{product.urun_durumu ? t('products.status.active') : t('products.status.passive')}</Badge>
      <Text span size="sm" c="dimmed">{[product.urun_kodu, ...figures(product)].filter(Boolean).join(' · ')}</Text>
    </Group>
  ) : t('products.detail.newSubtitle');

  return (
    <>
      {crumbs}
      <PageHeader title={title} subtitle={subtitle} actions={more} />
      {product && <Box mb="md"><ShareButtons id={product._id} title={title} /></Box>}
      {showErrors && errorList.length > 0 && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} mb="md" title={t('products.detail.fixErrors')}>
          <List size="sm">{errorList.map(([f, k]) => <List.Item key={f}>{tm(k)}</List.Item>)}</List>
        </Alert>
      )}
      <Box pos="relative">
        <LoadingOverlay visible={busy} zIndex={5} overlayProps={{ blur: 1 }} />
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md" style={{ flexWrap: 'wrap' }}>
            <Tabs.Tab value="detail" leftSection={<IconId size={16} />}>{t('products.tabs.detail')}</Tabs.Tab>
            <Tabs.Tab value="specs" leftSection={<IconListDetails size={16} />}>{t('products.tabs.specs')}</Tabs.Tab>
            <Tabs.Tab value="production" leftSection={<IconBuildingFactory2 size={16} />}>{t('products.tabs.production')}</Tabs.Tab>
            <Tabs.Tab value="stock" leftSection={<IconStack2 size={16} />} disabled={!product}>{t('products.tabs.stock')}</Tabs.Tab>
            <Tabs.Tab value="images" leftSection={<IconPhoto size={16} />}>{t('products.tabs.images')}</Tabs.Tab>
            <Tabs.Tab value="downloads" leftSection={<IconDownload size={16} />}>{t('products.tabs.downloads')}</Tabs.Tab>
            <Tabs.Tab value="drawing" leftSection={<IconRuler2 size={16} />}>{t('products.tabs.drawing')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="detail"><DetailTab draft={draft} set={set} errors={errors} /></Tabs.Panel>
          <Tabs.Panel value="specs"><SpecsTab rows={draft.urun_ozellikler} onChange={(urun_ozellikler) => set({ urun_ozellikler })} /></Tabs.Panel>
          <Tabs.Panel value="production"><ProductionTab rows={draft.production} onChange={(production) => set({ production })} /></Tabs.Panel>
          {product && <Tabs.Panel value="stock"><StockTab product={product} /></Tabs.Panel>}
          <Tabs.Panel value="images"><ImagesTab rows={draft.productImages} onChange={(productImages) => set({ productImages })} /></Tabs.Panel>
          <Tabs.Panel value="downloads"><DownloadsTab rows={draft.productDownloads} onChange={(productDownloads) => set({ productDownloads })} /></Tabs.Panel>
          <Tabs.Panel value="drawing"><DrawingTab value={draft.technicalDrawing} onChange={(technicalDrawing) => set({ technicalDrawing })} /></Tabs.Panel>
        </Tabs>
      </Box>
      <Paper withBorder radius="md" p="sm" mt="md" pos="sticky" bottom={8} style={{ zIndex: 6 }} shadow="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            {product && (
              <Button variant="light" color="red" leftSection={<IconTrash size={18} />} onClick={() => void del()} disabled={busy}>{t('common.delete')}</Button>
            )}
            {dirty && <Text size="sm" c="orange">{t('products.detail.unsaved')}</Text>}
            {ROW_TABS.includes(tab as (typeof ROW_TABS)[number]) && <Text size="xs" c="dimmed">{t('products.detail.rowsSavedWithProduct')}</Text>}
          </Group>
          <Group gap="xs">
            <Button variant="default" leftSection={<IconX size={18} />} onClick={close}>{t('common.close')}</Button>
            <Button leftSection={<IconDeviceFloppy size={18} />} onClick={() => void submit()} loading={save.isPending}>{t('common.save')}</Button>
          </Group>
        </Group>
      </Paper>
    </>
  );
}
