import { useState } from 'react';
import { Anchor, Badge, Box, Center, Group, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatDate, type LibraryImage } from '@isik/domain';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { descriptionLabel } from '../model/image-form';

export interface ImageLightboxProps {
  /** The image to show full size; null closes the lightbox. */
  image: LibraryImage | null;
  onClose: () => void;
}

/** The full image over the list, with its description, models and date. */
export function ImageLightbox({ image, onClose }: ImageLightboxProps) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 36em)');
  // The image last shown stays rendered while the modal closes, so the closing animation has content.
  const [shown, setShown] = useState<LibraryImage | null>(image);
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  if (image && image !== shown) setShown(image);
  const current = image ?? shown;
  const label = current ? descriptionLabel(current.description, t) : '';

  return (
    <Modal
      opened={image !== null}
      onClose={onClose}
      size="auto"
      fullScreen={narrow}
      centered
      title={
        current && (
          <Stack gap={4}>
            <Text fw={700}>{label}</Text>
            <Group gap={6}>
              <Text size="sm" c="dimmed">{formatDate(current.date)}</Text>
              {current.model.map((m) => <Badge key={m.value} size="sm" variant="light" tt="none">{m.label}</Badge>)}
            </Group>
          </Stack>
        )
      }
      data-testid="image-lightbox"
    >
      {current && (
        <Stack gap="sm">
          <Box pos="relative" bg="var(--mantine-color-gray-light)" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
            {loadedSrc !== current.image && (
              <Center pos="absolute" inset={0}><Loader size="md" /></Center>
            )}
            <Image
              src={current.image}
              alt={t('images.lightbox.alt', { description: label })}
              fit="contain"
              mah={narrow ? 'calc(100dvh - 180px)' : '75vh'}
              miw={narrow ? undefined : 320}
              mih={160}
              maw={narrow ? '100%' : 'min(1100px, 85vw)'}
              onLoad={() => setLoadedSrc(current.image)}
              data-testid="image-lightbox-img"
            />
          </Box>
          <Group justify="flex-end">
            <Anchor href={current.image} target="_blank" rel="noopener" size="sm">
              <Group gap={4} component="span">
                <IconExternalLink size={14} />
                {t('images.lightbox.open')}
              </Group>
            </Anchor>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
