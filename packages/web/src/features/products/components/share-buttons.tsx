import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconBrandFacebook, IconBrandLinkedin, IconBrandWhatsapp, IconBrandX, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Share links of the public product page /web/{id}/{lang} (0 Turkish, 1 English). */
export function ShareButtons({ id, title }: { id: string; title: string }) {
  const { t, i18n } = useTranslation();
  const url = `${window.location.origin}/web/${id}/${i18n.language === 'tr' ? 0 : 1}`;
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  const links = [
    { key: 'facebook', label: 'Facebook', color: '#1877f2', icon: IconBrandFacebook, href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { key: 'x', label: 'X', color: '#000', icon: IconBrandX, href: `https://twitter.com/intent/tweet?url=${u}&text=${text}` },
    { key: 'linkedin', label: 'LinkedIn', color: '#0a66c2', icon: IconBrandLinkedin, href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { key: 'whatsapp', label: 'WhatsApp', color: '#25d366', icon: IconBrandWhatsapp, href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
    { key: 'mail', label: t('products.share.mail'), color: 'gray', icon: IconMail, href: `mailto:?subject=${text}&body=${u}` },
  ];
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c="dimmed">{t('products.share.label')}</Text>
      {links.map(({ key, label, color, icon: Icon, href }) => (
        <Tooltip key={key} label={label} withArrow>
          <ActionIcon component="a" href={href} target={key === 'mail' ? undefined : '_blank'} rel="noopener noreferrer" variant="light" color={color} aria-label={label} radius="xl">
            <Icon size={18} />
          </ActionIcon>
        </Tooltip>
      ))}
    </Group>
  );
}
