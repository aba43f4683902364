import { useState } from 'react';
import { Carousel } from '@mantine/carousel';
import { Box, Image, Stack, Text, Title } from '@mantine/core';
import Autoplay from 'embla-carousel-autoplay';
import { useTranslation } from 'react-i18next';

/** Spec 000 9: the login carousel turns every 2 s (3 s elsewhere). */
export const LOGIN_CAROUSEL_MS = 2000;

const SLIDES = [
  { key: 'streetLight', src: '/brand/led-street-light.svg' },
  { key: 'floodLight', src: '/brand/led-flood-light.svg' },
  { key: 'solarLamp', src: '/brand/solar-street-lamp.svg' },
  { key: 'batteryPack', src: '/brand/battery-pack.svg' },
] as const;

export function ProductCarousel({ interval = LOGIN_CAROUSEL_MS }: { interval?: number }) {
  const { t } = useTranslation();
  // One plugin instance for the component's life; embla keeps its own state inside it.
  const [autoplay] = useState(() => Autoplay({ delay: interval, stopOnInteraction: false, stopOnMouseEnter: true }));
  return (
    <Carousel
      withIndicators
      withControls={false}
      emblaOptions={{ loop: true }}
      plugins={[autoplay]}
      slideGap={0}
      aria-label={t('login.toCatalogue')}
      styles={{ indicator: { backgroundColor: 'var(--mantine-color-white)' } }}
    >
      {SLIDES.map((slide) => (
        <Carousel.Slide key={slide.key}>
          <Box pos="relative">
            <Image src={slide.src} alt={t(`login.carousel.${slide.key}.title`)} radius="md" fit="cover" h={{ base: 260, md: 420 }} />
            <Stack gap={2} pos="absolute" left={0} right={0} bottom={0} p="lg" pb={36} style={{ background: 'linear-gradient(0deg, rgba(5, 12, 30, 0.85), transparent)', borderRadius: '0 0 var(--mantine-radius-md) var(--mantine-radius-md)' }}>
              <Title order={3} c="white">{t(`login.carousel.${slide.key}.title`)}</Title>
              <Text c="gray.3" size="sm">{t(`login.carousel.${slide.key}.text`)}</Text>
            </Stack>
          </Box>
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
