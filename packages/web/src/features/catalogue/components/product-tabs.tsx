import { Anchor, Box, Card, Center, Group, SimpleGrid, Stack, Table, Tabs, Text } from '@mantine/core';
import { formatNumber, type PublicProductDetail } from '@isik/domain';
import { IconDownload, IconFile, IconFileText, IconListDetails, IconPhoto, IconBolt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadKind, localText } from '../model/display';
import { ProductImage } from './product-image';

/** A file size for people: the server keeps it as text (bytes, or already '1,2 MB'). */
export function formatSize(size: string): string {
  const n = Number(size);
  if (!size || !Number.isFinite(n)) return size;
  if (n >= 1024 * 1024) return `${formatNumber(n / 1024 / 1024, 1)} MB`;
  if (n >= 1024) return `${formatNumber(n / 1024, 0)} KB`;
  return `${formatNumber(n, 0)} B`;
}

function specValue(row: PublicProductDetail['urun_ozellikler'][number], lang: 'tr' | 'en'): string {
  const own = lang === 'tr' ? row.urun_aciklama : row.product_description;
  const other = lang === 'tr' ? row.product_description : row.urun_aciklama;
  const list = (own ?? []).filter((s) => s && s.trim() && s.trim() !== '-');
  return (list.length ? list : (other ?? []).filter((s) => s && s.trim() && s.trim() !== '-')).join(', ');
}

function Empty({ text }: { text: string }) {
  return <Text c="dimmed" size="sm" py="lg" ta="center">{text}</Text>;
}

/** The product page's tabs (spec 001 2.8): general specs, electrical specs, images, downloads. */
export function ProductTabs({ product, lang }: { product: PublicProductDetail; lang: 'tr' | 'en' }) {
  const { t } = useTranslation();
  const name = localText(product.urun_adi, lang);
  const features = [...product.ModelFeatures].sort((a, b) => a.no - b.no);
  const specs = [...product.urun_ozellikler].sort((a, b) => a.no - b.no);
  return (
    <Tabs defaultValue="general" keepMounted={false} variant="outline" radius="md">
      <Tabs.List>
        <Tabs.Tab value="general" leftSection={<IconListDetails size={16} />}>{t('catalogue.detail.tabs.general')}</Tabs.Tab>
        <Tabs.Tab value="electrical" leftSection={<IconBolt size={16} />}>{t('catalogue.detail.tabs.electrical')}</Tabs.Tab>
        <Tabs.Tab value="images" leftSection={<IconPhoto size={16} />}>{t('catalogue.detail.tabs.images')}</Tabs.Tab>
        <Tabs.Tab value="downloads" leftSection={<IconDownload size={16} />}>{t('catalogue.detail.tabs.downloads')}</Tabs.Tab>
      </Tabs.List>

      <Tabs.Panel value="general" pt="md">
        {features.length === 0 ? <Empty text={t('catalogue.detail.noFeatures')} /> : (
          <Table striped withTableBorder verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr><Table.Th w="40%">{t('catalogue.detail.feature')}</Table.Th><Table.Th>{t('catalogue.detail.value')}</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {features.map((f) => (
                <Table.Tr key={f.no}>
                  <Table.Td fw={500}>{localText(f.label, lang)}</Table.Td>
                  <Table.Td>{localText(f.feature, lang)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Tabs.Panel>

      <Tabs.Panel value="electrical" pt="md">
        {specs.length === 0 ? <Empty text={t('catalogue.detail.noSpecs')} /> : (
          <Table striped withTableBorder verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr><Table.Th w="40%">{t('catalogue.detail.feature')}</Table.Th><Table.Th>{t('catalogue.detail.value')}</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {specs.map((s) => (
                <Table.Tr key={s.no}>
                  <Table.Td fw={500}>{localText(s.urun_ozellik, lang)}</Table.Td>
                  <Table.Td>{specValue(s, lang)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Tabs.Panel>

      <Tabs.Panel value="images" pt="md">
        {product.images.length === 0 ? <Empty text={t('catalogue.detail.noImages')} /> : (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
            {product.images.map((img, i) => (
              <Anchor key={`${img.image}-${i}`} href={img.image} target="_blank" rel="noopener noreferrer">
                <Card withBorder padding={0} radius="md">
                  <ProductImage src={img.small} alt={`${name} – ${img.description}`} h={150} fit="cover" />
                  <Text size="xs" c="dimmed" p={6} truncate="end">{img.description}</Text>
                </Card>
              </Anchor>
            ))}
          </SimpleGrid>
        )}
      </Tabs.Panel>

      <Tabs.Panel value="downloads" pt="md">
        {product.downloads.length === 0 ? <Empty text={t('catalogue.detail.noDownloads')} /> : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
            {product.downloads.map((d, i) => {
              const kind = downloadKind(d);
              return (
                <Card key={`${d.file}-${i}`} withBorder radius="md" padding="sm" data-testid="download-card">
                  <Card.Section>
                    {kind === 'image' ? (
                      <ProductImage src={d.file} alt={d.name} h={160} fit="contain" />
                    ) : kind === 'pdf' ? (
                      <Box component="iframe" src={d.file} title={d.name} w="100%" h={220} style={{ border: 0, display: 'block' }} />
                    ) : (
                      <Center h={160} bg="var(--mantine-color-default-hover)">
                        <IconFile size={56} stroke={1.2} color="var(--mantine-color-dimmed)" />
                      </Center>
                    )}
                  </Card.Section>
                  <Group justify="space-between" wrap="nowrap" mt="sm" gap="xs">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Group gap={4} wrap="nowrap">
                        {kind === 'pdf' && <IconFileText size={16} />}
                        <Text size="sm" fw={500} truncate="end" title={d.name}>{d.name}</Text>
                      </Group>
                      <Text size="xs" c="dimmed">{formatSize(d.size)}</Text>
                    </Stack>
                    <Anchor href={d.file} download={d.name} target="_blank" rel="noopener noreferrer" size="sm" aria-label={`${t('catalogue.detail.download')} ${d.name}`}>
                      <IconDownload size={20} />
                    </Anchor>
                  </Group>
                </Card>
              );
            })}
          </SimpleGrid>
        )}
      </Tabs.Panel>
    </Tabs>
  );
}
