import { useState } from 'react';
import { Carousel } from '@mantine/carousel';
import { Box, Image, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import Autoplay from 'embla-carousel-autoplay';
import { useTranslation } from 'react-i18next';
import { localText, publicProductsQuery } from '../../../lib/public-products';
import '@mantine/carousel/styles.layer.css';

/** Spec 000 9: the login carousel turns every 2 s (3 s elsewhere). */
export const LOGIN_CAROUSEL_MS = 2000;

const SLIDES = [
  { key: 'streetLight', src: '/brand/led-street-light.svg' },
  { key: 'floodLight', src: '/brand/led-flood-light.svg' },
  { key: 'solarLamp', src: '/brand/solar-street-lamp.svg' },
  { key: 'batteryPack', src: '/brand/battery-pack.svg' },
] as const;

/** Spec 000 2.4: the carousel shows catalogue images; this many products are asked for. */
export const LOGIN_CAROUSEL_PRODUCTS = 8;

interface Slide { key: string; src: string; title: string; text: string }

/** Catalogue products with an image, or the bundled brand pictures while the catalogue has none. */
function useSlides(): Slide[] {
  const { t, i18n } = useTranslation();
  const query = useQuery({ ...publicProductsQuery({ page: 1, pageSize: LOGIN_CAROUSEL_PRODUCTS, orderBy: 'model_category' }), staleTime: 5 * 60_000, meta: { notifyError: false } });
  const withImage = (query.data?.products ?? []).filter((p) => p.image);
  if (withImage.length > 0) {
    return withImage.map((p) => ({
      key: p._id,
      src: p.image,
      title: localText(p.urun_adi, i18n.language) || p.urun_kodu,
      text: t(`model.kategori${p.model_category}`),
    }));
  }
  return SLIDES.map((s) => ({ key: s.key, src: s.src, title: t(`login.carousel.${s.key}.title`), text: t(`login.carousel.${s.key}.text`) }));
}

export function ProductCarousel({ interval = LOGIN_CAROUSEL_MS }: { interval?: number }) {
  const { t } = useTranslation();
  const slides = useSlides();
  // One plugin instance for the component's life; embla keeps its own state inside it.
  const [autoplay] = useState(() => Autoplay({ delay: interval, stopOnInteraction: false, stopOnMouseEnter: true }));
  return (
    <Carousel
      // A new set of slides (the catalogue answered) starts a fresh carousel.
      key={slides.map((s) => s.key).join('|')}
      withIndicators
      withControls={false}
      emblaOptions={{ loop: true }}
      plugins={[autoplay]}
      slideGap={0}
      aria-label={t('login.toCatalogue')}
      styles={{ indicator: { backgroundColor: 'var(--mantine-color-white)' } }}
    >
      {slides.map((slide) => (
        <Carousel.Slide key={slide.key}>
          <Box pos="relative">
            <Image src={slide.src} alt={slide.title} radius="md" fit="cover" h={{ base: 260, md: 420 }} />
            <Stack gap={2} pos="absolute" left={0} right={0} bottom={0} p="lg" pb={36} style={{ background: 'linear-gradient(0deg, rgba(5, 12, 30, 0.85), transparent)', borderRadius: '0 0 var(--mantine-radius-md) var(--mantine-radius-md)' }}>
              <Title order={3} c="white">{slide.title}</Title>
              <Text c="gray.3" size="sm">{slide.text}</Text>
            </Stack>
          </Box>
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
