import { useEffect, useState } from 'react';
import { Carousel } from '@mantine/carousel';
import { Box, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { EmblaCarouselType } from 'embla-carousel';
import Autoplay from 'embla-carousel-autoplay';
import { useTranslation } from 'react-i18next';
import { ProductImage } from './product-image';
import classes from './product-gallery.module.css';
import '@mantine/carousel/styles.layer.css';

/** Spec 001 9: the product page's carousel turns every 3 s; thumbnails 3 per view, 4 from 500 px wide. */
export const GALLERY_INTERVAL_MS = 3000;

const MAIN_HEIGHT = { base: 260, sm: 360 };

export interface GalleryImage { image: string; small: string; description: string }

/** The product page's image carousel, one image per view, with a strip of thumbnails that follows it. */
export function ProductGallery({ images, alt }: { images: GalleryImage[]; alt: string }) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 500px)', true);
  const [autoplay] = useState(() => Autoplay({ delay: GALLERY_INTERVAL_MS, stopOnInteraction: false, stopOnMouseEnter: true }));
  const [main, setMain] = useState<EmblaCarouselType | null>(null);
  const [thumbs, setThumbs] = useState<EmblaCarouselType | null>(null);
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!main) return;
    const onSelect = () => {
      const i = main.selectedScrollSnap();
      setSelected(i);
      thumbs?.scrollTo(i);
    };
    main.on('select', onSelect);
    return () => { main.off('select', onSelect); };
  }, [main, thumbs]);

  if (images.length === 0) {
    return <ProductImage src="" alt={alt} h={MAIN_HEIGHT} radius="md" />;
  }

  return (
    <Box>
      <Carousel
        withIndicators={images.length > 1}
        withControls={images.length > 1}
        emblaOptions={{ loop: images.length > 1 }}
        plugins={images.length > 1 ? [autoplay] : []}
        getEmblaApi={setMain}
        slideSize="100%"
        slideGap={0}
        className={classes.main}
        aria-label={alt}
      >
        {images.map((img, i) => (
          <Carousel.Slide key={`${img.image}-${i}`}>
            <ProductImage src={img.image} alt={`${alt} – ${t('catalogue.detail.image', { n: i + 1 })}`} h={MAIN_HEIGHT} fit="contain" />
          </Carousel.Slide>
        ))}
      </Carousel>
      {images.length > 1 && (
        <Carousel
          mt="xs"
          withControls={false}
          emblaOptions={{ dragFree: true, containScroll: 'keepSnaps', align: 'start' }}
          getEmblaApi={setThumbs}
          slideSize={wide ? '25%' : '33.3333%'}
          slideGap="xs"
          aria-label={t('catalogue.detail.tabs.images')}
        >
          {images.map((img, i) => (
            <Carousel.Slide key={`thumb-${img.image}-${i}`}>
              <UnstyledButton
                className={classes.thumb}
                data-active={i === selected || undefined}
                onClick={() => main?.scrollTo(i)}
                aria-label={t('catalogue.detail.image', { n: i + 1 })}
                aria-current={i === selected ? 'true' : undefined}
              >
                <ProductImage src={img.small} alt="" h={72} fit="cover" />
              </UnstyledButton>
            </Carousel.Slide>
          ))}
        </Carousel>
      )}
    </Box>
  );
}
