import { useState } from 'react';
import { Center, Image, Stack, Text, type ImageProps } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A product picture, or a calm placeholder when the product has none (or the file fails to load). */
export function ProductImage({ src, alt, h, fit = 'contain', ...rest }: { src: string; alt: string; h: ImageProps['h'] } & Omit<ImageProps, 'src' | 'h'>) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <Center h={h} bg="var(--mantine-color-default-hover)" aria-label={alt} role="img">
        <Stack gap={4} align="center" c="dimmed">
          <IconBulb size={42} stroke={1.2} />
          <Text size="xs">{t('catalogue.list.noImage')}</Text>
        </Stack>
      </Center>
    );
  }
  return <Image src={src} alt={alt} h={h} fit={fit} onError={() => setFailed(true)} {...rest} />;
}
