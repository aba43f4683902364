import { Badge, Center, Image, ThemeIcon } from '@mantine/core';
import { MODEL_CATEGORY_KEYS, smallFileUrl } from '@isik/domain';
import { IconBulb } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const CATEGORY_COLORS = ['blue', 'indigo', 'cyan', 'yellow', 'grape', 'teal', 'violet', 'orange', 'lime'];

export function categoryLabelKey(category: number): string {
  return MODEL_CATEGORY_KEYS[category] ?? String(category);
}

export function ModelCategoryBadge({ category }: { category: number }) {
  const { t } = useTranslation();
  return (
    <Badge component="span" variant="light" color={CATEGORY_COLORS[category] ?? 'gray'} radius="sm" style={{ textTransform: 'none' }}>
      {t(categoryLabelKey(category))}
    </Badge>
  );
}

export function ModelStatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge component="span" variant="dot" color={active ? 'green' : 'gray'} style={{ textTransform: 'none' }}>
      {active ? t('models.status.active') : t('models.status.passive')}
    </Badge>
  );
}

/** The model's main image as a small thumbnail, or a placeholder icon. */
export function ModelThumb({ src, size = 44 }: { src: string; size?: number }) {
  if (!src) {
    return (
      <ThemeIcon variant="light" color="gray" size={size} radius="md">
        <IconBulb size={size * 0.5} stroke={1.5} />
      </ThemeIcon>
    );
  }
  return (
    <Center w={size} h={size}>
      <Image src={smallFileUrl(src)} w={size} h={size} radius="md" fit="contain" alt="" loading="lazy" />
    </Center>
  );
}
