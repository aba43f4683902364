// The menu's icons (about 4 KiB gzipped), loaded right after the first render by menu-icons.tsx (ADR 0030).
import {
  IconAddressBook, IconAntenna, IconBox, IconBriefcase, IconBuilding, IconBuildingFactory2, IconBuildingSkyscraper, IconBulb, IconCategory,
  IconChartBar, IconClipboardList, IconCoins, IconFileInvoice, IconGauge, IconHome, IconLayoutDashboard, IconList, IconLogin,
  IconMap2, IconPhoto, IconPoint, IconRouter, IconSettings, IconShoppingCart, IconStack2, IconTag, IconTags, IconTools, IconUpload, IconUsers, IconWorld,
  type TablerIcon,
} from '@tabler/icons-react';

export { IconPoint };

/** The icon names used by menuForRole() in @isik/domain, mapped to Tabler icons. */
export const ITEM_ICONS: Record<string, TablerIcon> = {
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
  upload: IconUpload,
};

/** Menu groups have no icon in the domain; these are presentation only. */
export const GROUP_ICONS: Record<string, TablerIcon> = {
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

