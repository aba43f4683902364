import { Anchor, Badge, Box, Card, Group, Stack, Text } from '@mantine/core';
import type { PublicProduct } from '@isik/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPrice, localText, productFigures, productPath } from '../model/display';
import { ProductImage } from './product-image';
import classes from './product-card.module.css';

/** One card of the public catalogue (spec 001 2.7). */
export function ProductCard({ product }: { product: PublicProduct }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const name = localText(product.urun_adi, lang) || product.urun_kodu;
  const to = productPath(product._id, lang);
  const price = formatPrice(product);
  return (
    <Card withBorder radius="md" padding="md" className={classes.card} data-testid="product-card">
      <Card.Section pos="relative">
        <Anchor component={Link} to={to} aria-label={t('catalogue.list.open', { name })} display="block">
          <ProductImage src={product.image} alt={name} h={200} p="sm" />
        </Anchor>
        <Badge className={classes.ribbon} radius="xs" size="md" variant="filled" data-testid="category-ribbon">
          {t(`model.kategori${product.model_category}`)}
        </Badge>
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Text size="xs" c="dimmed" ff="monospace" data-testid="product-code">{product.urun_kodu}</Text>
        <Anchor component={Link} to={to} fw={600} c="var(--mantine-color-text)" lineClamp={2} className={classes.name}>
          {name}
        </Anchor>
        <Group gap={6}>
          {productFigures(product).map((f) => (
            <Badge key={f.key} variant="light" color="gray" radius="sm" tt="none" size="lg" fw={500} title={t(`catalogue.field.${f.key}`)}>
              {f.value}
            </Badge>
          ))}
        </Group>
        <Box mt="auto" pt={4}>
          {price ? <Text fw={700} size="lg" c="blue" data-testid="product-price">{price}</Text> : <Text size="sm" c="dimmed">&nbsp;</Text>}
        </Box>
      </Stack>
    </Card>
  );
}
