import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconBrandFacebook, IconBrandLinkedin, IconBrandWhatsapp, IconBrandX, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { shareLinks } from '../model/display';

const ICONS = { facebook: IconBrandFacebook, x: IconBrandX, linkedin: IconBrandLinkedin, whatsapp: IconBrandWhatsapp, email: IconMail } as const;
const COLORS = { facebook: '#1877f2', x: '#000000', linkedin: '#0a66c2', whatsapp: '#25d366', email: 'gray' } as const;

/** Share links for the page (spec 001 2.8): social networks open in a new tab, e-mail opens the mail program. */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} align="center" data-testid="share-buttons">
      <Text size="sm" c="dimmed" mr={4}>{t('catalogue.detail.share')}</Text>
      {shareLinks(url, title).map((s) => {
        const Icon = ICONS[s.key];
        const label = t(`catalogue.detail.shareOn.${s.key}`);
        return (
          <Tooltip key={s.key} label={label} withArrow>
            <ActionIcon
              component="a"
              href={s.href}
              target={s.key === 'email' ? undefined : '_blank'}
              rel="noopener noreferrer"
              variant="filled"
              color={COLORS[s.key]}
              radius="xl"
              size="lg"
              aria-label={label}
              data-share={s.key}
            >
              <Icon size={18} />
            </ActionIcon>
          </Tooltip>
        );
      })}
    </Group>
  );
}
