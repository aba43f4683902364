import { Badge, Box, Button, Card, Group, Image, LoadingOverlay, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDate, type Model } from '@isik/domain';
import { IconExternalLink, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { modelImagesQuery } from '../api/models-api';
import { Section } from './detail-tab';

/** Images tab: the image library's pictures linked to this model (managed on /imagemanagment). */
export function ImagesTab({ model }: { model: Model | undefined }) {
  const { t } = useTranslation();
  const query = useQuery({ ...modelImagesQuery(model?._id ?? ''), enabled: Boolean(model) });
  const images = query.data?.img ?? [];
  const manage = (
    <Button component={Link} to="/imagemanagment" size="xs" variant="light" leftSection={<IconExternalLink size={16} />}>
      {t('models.images.manage')}
    </Button>
  );

  if (!model) {
    return <EmptyState icon={<IconPhoto size={34} stroke={1.5} />} title={t('models.images.saveFirstTitle')} text={t('models.images.saveFirstText')} />;
  }

  return (
    <Section title={t('models.tabs.images')} icon={<IconPhoto size={18} />} right={manage}>
      <Box pos="relative" mih={120}>
        <LoadingOverlay visible={query.isFetching} zIndex={5} />
        {query.isError ? (
          <Text c="red" size="sm">{query.error.message}</Text>
        ) : images.length === 0 && !query.isFetching ? (
          <Text c="dimmed" ta="center" py="xl">{t('models.images.empty')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="md">
            {images.map((img) => (
              <Card key={img._id} withBorder radius="md" padding="xs" component="a" href={img.image} target="_blank" rel="noreferrer">
                <Card.Section>
                  <Image src={img.smallimage || img.image} h={150} fit="contain" bg="var(--mantine-color-gray-0)" alt={img.description} loading="lazy" />
                </Card.Section>
                <Group justify="space-between" mt="xs" gap={4} wrap="nowrap">
                  <Badge variant="light" radius="sm" style={{ textTransform: 'none' }}>{img.description}</Badge>
                  <Text size="xs" c="dimmed">{formatDate(img.date)}</Text>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Box>
    </Section>
  );
}
