import { useEffect, type ReactNode } from 'react';
import { Anchor, Badge, Box, Button, Card, Grid, Group, Image, LoadingOverlay, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { SOLAR_PANEL_CATEGORY, BATTERY_CATEGORY, type PublicProductDetail } from '@isik/domain';
import { IconArrowLeft, IconFileTypePdf, IconMoodSad, IconShoppingCartPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { setLanguage } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { publicProductQuery } from '../api/catalogue-api';
import { OfferRequestModal } from '../components/offer-request-modal';
import { ProductGallery } from '../components/product-gallery';
import { ProductTabs } from '../components/product-tabs';
import { ShareButtons } from '../components/share-buttons';
import { datasheetPath, formatFigure, formatPrice, langSegment, localText, pageLang, productFigures, productPath } from '../model/display';
import { catalogueListPath } from '../model/list-location';
import { usePageMeta } from '../model/page-meta';

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w="42%" fw={500} c="dimmed">{label}</Table.Th>
      <Table.Td fw={500}>{children}</Table.Td>
    </Table.Tr>
  );
}

function DetailTable({ p, lang }: { p: PublicProductDetail; lang: 'tr' | 'en' }) {
  const { t } = useTranslation();
  const price = formatPrice(p);
  const isLuminaire = p.model_category !== SOLAR_PANEL_CATEGORY && p.model_category !== BATTERY_CATEGORY;
  return (
    <Table withTableBorder verticalSpacing={6} data-testid="detail-table">
      <Table.Tbody>
        <DetailRow label={t('catalogue.field.code')}>{p.urun_kodu}</DetailRow>
        <DetailRow label={t('catalogue.field.model')}>{[p.model_kodu, localText(p.model_adi, lang)].filter(Boolean).join(' · ')}</DetailRow>
        <DetailRow label={t('catalogue.field.category')}>{t(`model.kategori${p.model_category}`)}</DetailRow>
        {productFigures(p).map((f) => <DetailRow key={f.key} label={t(`catalogue.field.${f.key}`)}>{f.value}</DetailRow>)}
        {isLuminaire && p.urun_panel > 0 && <DetailRow label={t('catalogue.field.panel')}>{`${formatFigure(p.urun_panel)} Wp`}</DetailRow>}
        {isLuminaire && p.urun_aku > 0 && <DetailRow label={t('catalogue.field.battery')}>{`${formatFigure(p.urun_aku)} Ah`}</DetailRow>}
        {isLuminaire && p.urun_cct && <DetailRow label={t('catalogue.field.cct')}>{p.urun_cct}</DetailRow>}
        {isLuminaire && p.urun_optik && <DetailRow label={t('catalogue.field.optic')}>{p.urun_optik}</DetailRow>}
        {p.product_dimensions && <DetailRow label={t('catalogue.field.dimensions')}>{p.product_dimensions}</DetailRow>}
        {p.product_weight > 0 && <DetailRow label={t('catalogue.field.weight')}>{`${formatFigure(p.product_weight)} kg`}</DetailRow>}
        {price && <DetailRow label={t('catalogue.field.price')}><Text span fw={700} c="blue" data-testid="product-price">{price}</Text></DetailRow>}
      </Table.Tbody>
    </Table>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<IconMoodSad size={34} stroke={1.5} />}
      title={t('catalogue.detail.notFoundTitle')}
      text={t('catalogue.detail.notFoundText')}
      action={<Button component={Link} to="/web" leftSection={<IconArrowLeft size={16} />}>{t('catalogue.detail.back')}</Button>}
    />
  );
}

/**
 * /web/:id, the address the work order's and the labels' QR codes carry (spec 002 /web/{ProductID}): the product's
 * page in the reader's language.
 */
export function ProductInReaderLanguage() {
  const { i18n } = useTranslation();
  const { id = '' } = useParams();
  return <Navigate to={productPath(id, i18n.language)} replace />;
}

/** The public product page at /web/:id/:lang (spec 001 2.8): lang 0 is Turkish, anything else English. */
export function PublicProductPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '', lang: segment } = useParams();
  const lang = pageLang(segment);
  const [offerOpened, offer] = useDisclosure(false);

  // The page's language drives the whole interface (spec 001 2: 'the locale switches accordingly').
  useEffect(() => {
    void setLanguage(lang);
  }, [lang]);

  const query = useQuery(publicProductQuery(id));
  const p = query.data;
  const name = p ? localText(p.urun_adi, lang) || p.urun_kodu : '';
  const description = p ? localText(p.model_aciklama, lang) || `${name} – ${p.urun_kodu}` : null;
  usePageMeta(p ? `${name} · ${t('app.name')}` : null, description);

  const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  if (notFound) return <NotFound />;

  if (query.isError && !p) {
    return (
      <LoadFailedAlert title={t('catalogue.detail.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
    );
  }

  const seg = langSegment(lang);
  const pageUrl = typeof window !== 'undefined' ? `${window.location.origin}/web/${encodeURIComponent(id)}/${seg}` : '';
  const gallery = p ? (p.images.length ? p.images : p.image ? [{ image: p.image, small: p.image, description: '' }] : []) : [];

  return (
    <Box pos="relative" mih={400}>
      <LoadingOverlay visible={query.isFetching && !p} zIndex={5} overlayProps={{ blur: 1 }} />
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Anchor component={Link} to={catalogueListPath()} size="sm">
          <Group gap={4} component="span"><IconArrowLeft size={16} />{t('catalogue.detail.back')}</Group>
        </Anchor>
        <SegmentedControl
          size="xs"
          aria-label={t('catalogue.detail.language')}
          value={seg}
          onChange={(v) => navigate(`/web/${encodeURIComponent(id)}/${v}`)}
          data={[{ value: '0', label: 'Türkçe' }, { value: '1', label: 'English' }]}
        />
      </Group>
      {p && (
        <Stack gap="lg">
          <Grid gutter="lg">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <ProductGallery images={gallery} alt={name} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Stack gap="sm">
                <Group gap="xs">
                  <Badge variant="filled" radius="sm">{t(`model.kategori${p.model_category}`)}</Badge>
                  {p.certificates.map((c) => <Badge key={c} variant="outline" color="gray" radius="sm">{c}</Badge>)}
                </Group>
                <Title order={2}>{name}</Title>
                {description && localText(p.model_aciklama, lang) && <Text c="dimmed">{description}</Text>}
                <DetailTable p={p} lang={lang} />
                <Group gap="xs" wrap="wrap">
                  <Button leftSection={<IconShoppingCartPlus size={18} />} onClick={offer.open}>{t('catalogue.detail.requestOffer')}</Button>
                  <Button
                    component="a"
                    href={datasheetPath(p._id, seg)}
                    target="_blank"
                    rel="noopener"
                    variant="light"
                    leftSection={<IconFileTypePdf size={18} />}
                    data-testid="datasheet-link"
                  >
                    {t('catalogue.detail.datasheet')}
                  </Button>
                  <Button component={Link} to={catalogueListPath()} variant="default" leftSection={<IconArrowLeft size={18} />}>
                    {t('catalogue.detail.back')}
                  </Button>
                </Group>
                <ShareButtons url={pageUrl} title={name} />
              </Stack>
            </Grid.Col>
          </Grid>

          <Grid gutter="lg">
            <Grid.Col span={{ base: 12, md: p.technicalDrawing ? 8 : 12 }}>
              <Paper withBorder radius="md" p="md">
                <ProductTabs product={p} lang={lang} />
              </Paper>
            </Grid.Col>
            {p.technicalDrawing && (
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Card withBorder radius="md" padding="md">
                  <Text fw={600} mb="sm">{t('catalogue.detail.technicalDrawing')}</Text>
                  <Anchor href={p.technicalDrawing} target="_blank" rel="noopener noreferrer">
                    <Image src={p.technicalDrawing} alt={`${t('catalogue.detail.technicalDrawing')} – ${name}`} fit="contain" mah={360} />
                  </Anchor>
                </Card>
              </Grid.Col>
            )}
          </Grid>
          <OfferRequestModal opened={offerOpened} onClose={offer.close} product={{ id: p._id, code: p.urun_kodu, name, lang }} />
        </Stack>
      )}
    </Box>
  );
}
