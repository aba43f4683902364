import { ThemeIcon } from '@mantine/core';
import {
  IconAddressBook, IconAntenna, IconBox, IconBriefcase, IconBuilding, IconBuildingFactory2, IconBuildingSkyscraper, IconBulb, IconCategory,
  IconChartBar, IconClipboardList, IconCoins, IconFileInvoice, IconGauge, IconHome, IconLayoutDashboard, IconList, IconLogin,
  IconMap2, IconPhoto, IconPoint, IconRouter, IconSettings, IconShoppingCart, IconStack2, IconTag, IconTags, IconTools, IconUsers, IconWorld,
  type TablerIcon,
} from '@tabler/icons-react';
import type { IconStyle } from '../../lib/settings';

/** The icon names used by menuForRole() in @isik/domain, mapped to Tabler icons. */
const ITEM_ICONS: Record<string, TablerIcon> = {
  dashboard: IconLayoutDashboard,
  building: IconBuilding,
  users: IconUsers,
  briefcase: IconBriefcase,
  photo: IconPhoto,
  currency: IconCoins,
  category: IconCategory,
  bulb: IconBulb,
  box: IconBox,
  world: IconWorld,
  file: IconFileInvoice,
  cart: IconShoppingCart,
  chart: IconChartBar,
  list: IconList,
  gauge: IconGauge,
  tools: IconTools,
  stack: IconStack2,
  tag: IconTag,
  router: IconRouter,
  map: IconMap2,
  login: IconLogin,
  address: IconAddressBook,
  settings: IconSettings,
};

/** Menu groups have no icon in the domain; these are presentation only. */
const GROUP_ICONS: Record<string, TablerIcon> = {
  main: IconHome,
  company: IconBuildingSkyscraper,
  product: IconBulb,
  offer: IconFileInvoice,
  buying: IconShoppingCart,
  order: IconClipboardList,
  production: IconBuildingFactory2,
  label: IconTags,
  iot: IconAntenna,
  guest: IconWorld,
};

/** With "icon colour" on, each group gets its own colour so a long menu is easier to scan. */
const GROUP_COLORS: Record<string, string> = {
  main: 'blue', company: 'indigo', product: 'yellow', offer: 'teal', buying: 'orange', order: 'cyan',
  production: 'grape', label: 'pink', iot: 'green', guest: 'blue',
};

export function itemIcon(name: string): TablerIcon {
  return ITEM_ICONS[name] ?? IconPoint;
}

export function groupIcon(key: string): TablerIcon {
  return GROUP_ICONS[key] ?? IconPoint;
}

export function groupColor(key: string): string {
  return GROUP_COLORS[key] ?? 'blue';
}

export interface MenuIconProps {
  icon: TablerIcon;
  /** A = outlined square, B = filled circle, C = the bare icon (settings panel). */
  variant: IconStyle;
  /** A Mantine colour name; null keeps the neutral look of "icon colour" off. */
  color: string | null;
  size?: number;
}

export function MenuIcon({ icon: Icon, variant, color, size = 28 }: MenuIconProps) {
  const glyph = Math.round(size * 0.6);
  if (variant === 'A') {
    return (
      <ThemeIcon variant="outline" size={size} radius="md" color={color ?? 'gray'} data-icon-style="A">
        <Icon size={glyph} stroke={1.7} />
      </ThemeIcon>
    );
  }
  if (variant === 'B') {
    return (
      <ThemeIcon variant="filled" size={size} radius="xl" color={color ?? 'blue'} data-icon-style="B">
        <Icon size={glyph} stroke={1.8} />
      </ThemeIcon>
    );
  }
  return (
    <Icon
      size={Math.round(size * 0.72)}
      stroke={1.6}
      data-icon-style="C"
      color={color ? `var(--mantine-color-${color}-filled)` : 'currentColor'}
    />
  );
}
