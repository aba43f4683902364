import { isAllowed, routeLevel } from './roles.js';

/** A menu entry: `key` is its translation key under `menu.`; links are app routes. */
export interface MenuItem { key: string; to: string; icon: string }
export interface MenuGroup { key: string; items: MenuItem[] }

const dashboard: MenuItem = { key: 'dashboard', to: '/', icon: 'dashboard' };
const companyGroup: MenuGroup = {
  key: 'company',
  items: [
    { key: 'myCompany', to: '/mycompany', icon: 'building' },
    { key: 'users', to: '/users', icon: 'users' },
    { key: 'companies', to: '/companies', icon: 'briefcase' },
    { key: 'images', to: '/imagemanagment', icon: 'photo' },
    { key: 'rates', to: '/tcmblist', icon: 'currency' },
    { key: 'import', to: '/import', icon: 'upload' },
  ],
};
const productGroup: MenuGroup = {
  key: 'product',
  items: [
    { key: 'models', to: '/models', icon: 'category' },
    { key: 'products', to: '/products', icon: 'bulb' },
    { key: 'materials', to: '/materials', icon: 'box' },
    { key: 'catalogue', to: '/web', icon: 'world' },
  ],
};
const offerGroup: MenuGroup = {
  key: 'offer',
  items: [
    { key: 'offers', to: '/offers', icon: 'file' },
    { key: 'contacts', to: '/contacts', icon: 'address' },
    { key: 'offerSettings', to: '/offersettings', icon: 'settings' },
  ],
};
const buyingGroup: MenuGroup = { key: 'buying', items: [{ key: 'buyings', to: '/buyings', icon: 'cart' }] };
const orderGroup: MenuGroup = {
  key: 'order',
  items: [
    { key: 'ordersDashboard', to: '/ordersdashboard', icon: 'chart' },
    { key: 'orders', to: '/orders', icon: 'list' },
    { key: 'modelDashboard', to: '/modeldashboard', icon: 'chart' },
  ],
};
const productionGroup: MenuGroup = {
  key: 'production',
  items: [
    { key: 'productionDashboard', to: '/productionDashBoard', icon: 'gauge' },
    { key: 'orderItems', to: '/orderitemlist', icon: 'tools' },
    { key: 'components', to: '/componentlist', icon: 'stack' },
  ],
};
// The reports (issue 26): sales, production, stock and purchasing, level 2.
const reportsGroup: MenuGroup = { key: 'reports', items: [{ key: 'reports', to: '/reports', icon: 'chart' }] };
const labelGroup: MenuGroup = { key: 'label', items: [{ key: 'labelEditor', to: '/productslabels', icon: 'tag' }] };
const iotGroup: MenuGroup = {
  key: 'iot',
  items: [
    { key: 'gateways', to: '/gatewaylist', icon: 'router' },
    { key: 'deviceMap', to: '/streetlightmap', icon: 'map' },
  ],
};

/**
 * Menus by role (spec 000 section 6). Role 0 has everything; role 1 the same with an order group;
 * role 2 the reduced set; any other role the production group only. Entries above the role's
 * route level are dropped so a menu never links to a screen the role cannot open.
 */
export function menuForRole(role: number | null | undefined): MenuGroup[] {
  if (role === null || role === undefined || role > 3) {
    return [{ key: 'guest', items: [{ key: 'catalogue', to: '/web', icon: 'world' }, { key: 'login', to: '/login', icon: 'login' }] }];
  }
  let groups: MenuGroup[];
  if (role === 0) groups = [{ key: 'main', items: [dashboard] }, companyGroup, productGroup, offerGroup, buyingGroup, orderGroup, productionGroup, reportsGroup, labelGroup, iotGroup];
  else if (role === 1) groups = [{ key: 'main', items: [dashboard] }, companyGroup, productGroup, offerGroup, buyingGroup, orderGroup, productionGroup, reportsGroup, labelGroup, iotGroup];
  // Spec 000 section 6: dashboard, images, exchange rates, products, offers, orders, production.
  else if (role === 2) groups = [
    { key: 'main', items: [dashboard, { key: 'images', to: '/imagemanagment', icon: 'photo' }, { key: 'rates', to: '/tcmblist', icon: 'currency' }] },
    { key: 'product', items: [{ key: 'products', to: '/products', icon: 'bulb' }] },
    offerGroup,
    orderGroup,
    productionGroup,
    reportsGroup,
  ];
  else groups = [productionGroup];
  return groups
    .map((g) => ({ ...g, items: g.items.filter((i) => menuItemAllowed(i.to, role)) }))
    .filter((g) => g.items.length > 0);
}

function menuItemAllowed(to: string, role: number): boolean {
  if (to === '/web') return true;
  // /streetlightmap is the device map, one of the IoT product's screens (/{product}map, 002 2.1).
  if (to === '/streetlightmap') return isAllowed(routeLevel('/:deviceScreen'), role);
  const pattern = to;
  try { return isAllowed(routeLevel(pattern), role); } catch { return true; }
}
