import { useState } from 'react';
import { ActionIcon, Badge, Box, Button, Group, Image, Paper, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IMAGES_PAGE_SIZE, formatDate, hasModulePermission, type ImageDescription, type ImageList, type LibraryImage } from '@isik/domain';
import { IconPencil, IconPhotoPlus, IconPhotoSearch, IconSearchOff, IconTrash, IconZoomIn } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { confirmDelete } from '../../../components/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PaginationControl } from '../../../components/pagination-control';
import { SearchInput } from '../../../components/search-input';
import { api, notifySuccess } from '../../../lib/api';
import { allPagesOf, describeFilters, type ReportSource } from '../../../lib/report-source';
import { useSession } from '../../../lib/session';
import { useListPage } from '../../../lib/use-list-page';
import { readPage } from '../../../lib/use-list-params';
import { imagesListQuery, useDeleteImage } from '../api/images-api';
import { ImageLightbox } from '../components/image-lightbox';
import { ImageModal } from '../components/image-modal';
import { DESCRIPTION_KEYS, descriptionLabel, isImageDescription, serverSearch } from '../model/image-form';

const DESCRIPTION_COLORS: Record<ImageDescription, string> = {
  'Ana Görsel': 'blue',
  'Yan Görsel': 'teal',
  'Teknik Resim': 'grape',
  'Renkli Resim': 'orange',
};
/** Model badges shown in a row before the rest fold into "+n". */
const MODELS_SHOWN = 4;
const THUMB_W = 84;
const THUMB_H = 63;

interface ListParams { page: number; search: string }

function readParams(params: URLSearchParams): ListParams {
  return {
    page: readPage(params),
    search: params.get('search') ?? '',
  };
}

const LIST_DEFAULTS = { page: 1 };

interface ModalState { opened: boolean; image: LibraryImage | null; key: number }

/** Spec 000 2.10: the image library, paged on the server (100 a page), searched by description as one types. */
export function ImagesPage() {
  const { t } = useTranslation();
  // The server searches descriptions by their stored (Turkish) names: a typed 'Technical' finds 'Teknik Resim'.
  const toServer = (text: string) => serverSearch(text, (d) => t(`images.descriptions.${DESCRIPTION_KEYS[d]}`));
  const list = useListPage({
    defaults: LIST_DEFAULTS,
    parse: readParams,
    query: (s) => imagesListQuery({ page: s.page, search: toServer(s.search) }),
    // The Reports menu exports every image the search selects (description, models, date).
    report: (s): ReportSource<LibraryImage> => {
      const search = toServer(s.search);
      return {
        title: t('menu.images'),
        fileName: 'images',
        subtitle: describeFilters([[t('common.search'), s.search]]),
        columns: [
          { header: t('images.columns.description'), value: (img) => descriptionLabel(img.description, t), width: 1.2 },
          { header: t('images.columns.models'), value: (img) => img.model.map((m) => m.label).join(', ') || t('images.noModels'), width: 2.5 },
          { header: t('images.columns.date'), value: (img) => formatDate(img.date), width: 0.8 },
        ],
        fetchAll: allPagesOf((page, pageSize) => api<ImageList>('/images/list/none', { query: { page, pageSize, search: search || undefined } }), (r) => r.img),
      };
    },
  });
  const { state: params, update: setParams, query, data } = list;
  const { isFetching, isPlaceholderData } = query;
  const permissions = useSession((s) => s.user?.permissions);
  const canWrite = hasModulePermission(permissions, 'catalogue', 'write');
  const canDelete = hasModulePermission(permissions, 'catalogue', 'delete');
  const [modal, setModal] = useState<ModalState>({ opened: false, image: null, key: 0 });
  const [zoomed, setZoomed] = useState<LibraryImage | null>(null);
  const [searchKey, setSearchKey] = useState(0);
  const remove = useDeleteImage();
  // A narrow list (small screen, or the menu open beside it) keeps the table within the screen.
  const { ref: boxRef, width: boxWidth } = useElementSize();
  const compact = boxWidth > 0 && boxWidth < 640;

  const rows = data?.img;

  const open = (image: LibraryImage | null) => setModal((m) => ({ opened: true, image, key: m.key + 1 }));

  const askDelete = (image: LibraryImage) => {
    void confirmDelete({
      message: (
        <Group gap="sm" wrap="nowrap" align="center">
          <Image src={image.smallimage} alt="" w={56} h={42} fit="cover" radius="sm" style={{ flexShrink: 0 }} />
          <Stack gap={2}>
            <span>{t('images.delete.confirm')}</span>
            <Text span size="sm" fw={700}>
              {[descriptionLabel(image.description, t), image.model.map((m) => m.label).join(', ')].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
        </Group>
      ),
      onConfirm: () => remove.mutate(image._id, { onSuccess: () => notifySuccess('images.notice.deleted') }),
    });
  };

  const columns: DataTableColumn<LibraryImage>[] = [
    {
      key: 'thumbnail',
      header: t('images.columns.thumbnail'),
      width: THUMB_W + 24,
      render: (img) => {
        const label = descriptionLabel(img.description, t);
        return (
          <Tooltip label={t('images.openImage', { description: label })} withArrow openDelay={400}>
            <UnstyledButton
              onClick={() => setZoomed(img)}
              aria-label={t('images.openImage', { description: label })}
              data-testid="image-thumb"
              pos="relative"
              display="block"
              w={THUMB_W}
              h={THUMB_H}
              style={{
                borderRadius: 'var(--mantine-radius-sm)',
                overflow: 'hidden',
                border: '1px solid var(--mantine-color-default-border)',
                background: 'var(--mantine-color-gray-light)',
              }}
            >
              <Image src={img.smallimage} alt={label} w={THUMB_W} h={THUMB_H} fit="cover" loading="lazy" />
            </UnstyledButton>
          </Tooltip>
        );
      },
    },
    {
      key: 'description',
      header: t('images.columns.description'),
      render: (img) => (
        <Badge
          variant="light"
          radius="sm"
          size="lg"
          tt="none"
          fw={600}
          color={isImageDescription(img.description) ? DESCRIPTION_COLORS[img.description] : 'gray'}
          // The label never folds into "Teknik R…": the column keeps room for it and the models wrap instead.
          style={{ minWidth: 'max-content' }}
          data-testid="image-description-cell"
        >
          {descriptionLabel(img.description, t)}
        </Badge>
      ),
    },
    {
      key: 'models',
      header: t('images.columns.models'),
      render: (img) => {
        if (img.model.length === 0) return <Text size="sm" c="dimmed">{t('images.noModels')}</Text>;
        const shown = img.model.slice(0, MODELS_SHOWN);
        const rest = img.model.slice(MODELS_SHOWN);
        return (
          <Group gap={4} maw={compact ? 180 : 360}>
            {shown.map((m) => <Badge key={m.value} variant="outline" radius="sm" tt="none" color="gray.7">{m.label}</Badge>)}
            {rest.length > 0 && (
              <Tooltip label={rest.map((m) => m.label).join(', ')} multiline maw={280} withArrow>
                <Badge variant="filled" radius="sm" color="gray">{t('images.moreModels', { count: rest.length })}</Badge>
              </Tooltip>
            )}
          </Group>
        );
      },
    },
    {
      key: 'date',
      header: t('images.columns.date'),
      width: 110,
      render: (img) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatDate(img.date)}</Text>,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      width: 96,
      render: (img) => {
        const label = descriptionLabel(img.description, t);
        return (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Tooltip label={t('images.openImage', { description: label })} withArrow>
              <ActionIcon variant="subtle" color="gray" onClick={() => setZoomed(img)} aria-label={t('images.openImage', { description: label })} visibleFrom="sm">
                <IconZoomIn size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('common.edit')} withArrow>
              <ActionIcon variant="subtle" color="blue" onClick={() => open(img)} disabled={!canWrite} aria-label={`${t('common.edit')}: ${label}`} data-testid="image-edit">
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('common.delete')} withArrow>
              <ActionIcon variant="subtle" color="red" onClick={() => askDelete(img)} disabled={!canDelete} aria-label={`${t('common.delete')}: ${label}`} data-testid="image-delete">
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        );
      },
    },
  ];

  // Empty with or without a search (the empty state says which and offers to clear it).
  const empty = data !== undefined && data.totalItemCount === 0 && !isFetching;
  const addButton = (
    <Button leftSection={<IconPhotoPlus size={18} />} onClick={() => open(null)} disabled={!canWrite} data-testid="image-add">
      {t('images.add')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('images.title')}
        subtitle={data ? t('images.subtitle', { total: data.totalItemCount }) : t('images.subtitleLoading')}
        actions={addButton}
      />
      {query.isError && !data ? (
        <LoadFailedAlert title={t('images.list.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} ref={boxRef}>
          <Stack gap="md">
            <Group justify="space-between" gap="sm" wrap="wrap">
              <SearchInput
                key={searchKey}
                initialValue={params.search}
                onSearch={(text) => setParams({ search: text, page: 1 })}
                placeholder={t('images.searchPlaceholder')}
                style={{ flex: '1 1 260px' }}
                maw={420}
                data-testid="image-search"
              />
              {data && data.totalItemCount > 0 && (
                <Text size="sm" c="dimmed">
                  {t('images.range', {
                    from: (data.page - 1) * IMAGES_PAGE_SIZE + 1,
                    to: (data.page - 1) * IMAGES_PAGE_SIZE + data.img.length,
                    total: data.totalItemCount,
                  })}
                </Text>
              )}
            </Group>
            {empty ? (
              <Box data-testid="images-empty">
                <EmptyState
                  icon={params.search ? <IconSearchOff size={34} stroke={1.5} /> : <IconPhotoSearch size={34} stroke={1.5} />}
                  title={t('images.empty.title')}
                  text={params.search ? t('images.empty.searchText', { search: params.search }) : t('images.empty.text')}
                  action={params.search ? (
                    <Button
                      variant="light"
                      onClick={() => {
                        setParams({ search: '', page: 1 });
                        setSearchKey((k) => k + 1);
                      }}
                    >
                      {t('images.empty.clear')}
                    </Button>
                  ) : (
                    <Button variant="light" leftSection={<IconPhotoPlus size={16} />} onClick={() => open(null)} disabled={!canWrite}>
                      {t('images.add')}
                    </Button>
                  )}
                />
              </Box>
            ) : (
              <DataTable
                columns={columns}
                rows={rows}
                rowKey={(img) => img._id}
                loading={isFetching}
                minWidth={compact ? 520 : 640}
              />
            )}
            <PaginationControl page={list.page} totalPages={data?.totalPage ?? 0} onChange={list.setPage} disabled={isPlaceholderData} />
          </Stack>
        </Paper>
      )}
      <ImageModal key={modal.key} opened={modal.opened} image={modal.image} onClose={() => setModal((m) => ({ ...m, opened: false }))} />
      <ImageLightbox image={zoomed} onClose={() => setZoomed(null)} />
    </>
  );
}
