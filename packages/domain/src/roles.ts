/** Role numbers: lower is more privileged. A route or call with level L is open to roles <= L. */
export const ROLES = [0, 1, 2, 3, 4, 5, 6, 7] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_KEYS: Record<Role, string> = {
  0: 'developer',
  1: 'manager',
  2: 'officePerson',
  3: 'person',
  4: 'mainDealer',
  5: 'dealer',
  6: 'customer',
  7: 'guest',
};

/** Mantine colour of the role tag in the user list (spec 000 2.7). */
export function roleTagColor(role: number): string {
  switch (role) {
    case 0: return 'green';
    case 1: return 'blue';
    case 2: return 'yellow';
    case 3: return 'dark';
    default: return 'red';
  }
}

export const DEFAULT_NEW_USER_ROLE: Role = 7;
/** The protected back office needs a role of 3 or lower. */
export const BACK_OFFICE_MAX_ROLE = 3;

export function isAllowed(level: number, role: number | null | undefined): boolean {
  if (role === null || role === undefined) return level >= 7;
  return role <= level;
}

/**
 * User management (DECISIONS 2): a user manages (creates, edits, sets the password or e-mail of, deactivates,
 * deletes) only users of a less privileged role, i.e. a larger role number; role 0 manages everyone. The same
 * rule says which roles they may give.
 */
export function canManageRole(actorRole: number, targetRole: number): boolean {
  return actorRole === 0 || targetRole > actorRole;
}

/** The roles a user of `actorRole` may give to another user. */
export function assignableRoles(actorRole: number): Role[] {
  return ROLES.filter((r) => canManageRole(actorRole, r));
}

export function canEnterBackOffice(role: number | null | undefined): boolean {
  return role !== null && role !== undefined && role <= BACK_OFFICE_MAX_ROLE;
}

/**
 * Route levels (spec 000 2.1, 001 2, 002 2.1). `pattern` uses React Router syntax.
 * `open` routes need no session at all. This table is the one source of levels: the client guards each screen
 * with it, and every API route takes its level from the screen it serves, `config: { level: routeLevel('/screen') }`
 * (docs/decisions/0013-route-levels.md).
 */
export interface RouteLevel { pattern: string; level: number; open?: boolean }
export const ROUTE_LEVELS: RouteLevel[] = [
  { pattern: '/', level: 2 },
  { pattern: '/users', level: 1 },
  { pattern: '/mycompany', level: 1 },
  { pattern: '/import', level: 1 },
  // The reports (issue 26, ADR 0041): level 2, as the offers, purchases and materials behind them.
  { pattern: '/reports', level: 2 },
  { pattern: '/reports/:name', level: 2 },
  { pattern: '/app/settings/myCompany/:id', level: 1 },
  { pattern: '/companies', level: 2 },
  { pattern: '/imagemanagment', level: 2 },
  { pattern: '/companydetail/:id', level: 2 },
  { pattern: '/tcmblist', level: 2 },
  { pattern: '/models', level: 1 },
  { pattern: '/model/:id', level: 2 },
  { pattern: '/products', level: 2 },
  { pattern: '/product/:id', level: 2 },
  { pattern: '/materials', level: 2 },
  { pattern: '/material/:id', level: 2 },
  { pattern: '/stockvalue', level: 2 },
  { pattern: '/offers', level: 2 },
  { pattern: '/offer/:id', level: 2 },
  // Spec 000 6: the offer settings and contacts pages (routes not shown in the spec).
  { pattern: '/offersettings', level: 1 },
  { pattern: '/contacts', level: 2 },
  { pattern: '/order/:id', level: 2 },
  { pattern: '/buyings', level: 2 },
  { pattern: '/ordersdashboard', level: 3 },
  { pattern: '/orders', level: 3 },
  { pattern: '/productionDashBoard', level: 3 },
  { pattern: '/orderitemlist', level: 3 },
  { pattern: '/componentlist', level: 3 },
  { pattern: '/orderitemdetail/:id', level: 3 },
  { pattern: '/orderproductiondetail/:id', level: 3 },
  // Spec 002 7: the work order's QR codes open these on a phone (one operation; a line; an order's lines).
  { pattern: '/orderoperations/:itemId/:operationId', level: 3 },
  { pattern: '/app/production/order/:itemId', level: 3 },
  { pattern: '/app/production/orderQROptions/:orderId', level: 3 },
  // Spec 002 2.6: the model dashboard (route not shown in the spec).
  { pattern: '/modeldashboard', level: 3 },
  { pattern: '/productslabels', level: 3 },
  { pattern: '/gatewaylist', level: 3 },
  { pattern: '/devicedetails/:id', level: 3 },
  // The device service's accounts (issue 14): the service itself admits only its admins.
  { pattern: '/deviceaccounts', level: 3 },
  // /{product}login and /{product}map (spec 002 2.1): the IoT product's slug comes from configuration (DEVICE_SLUG),
  // so one pattern serves both; the page compares the segment with the slug (ADR 0025).
  { pattern: '/:deviceScreen', level: 3 },
  { pattern: '/profile', level: 3 },
  { pattern: '/web', level: 7, open: true },
  // The QR codes of the work order and the labels (spec 002): the product's page in the reader's language.
  { pattern: '/web/:id', level: 7, open: true },
  { pattern: '/web/:id/:lang', level: 7, open: true },
  { pattern: '/login', level: 7, open: true },
  { pattern: '/signup', level: 7, open: true },
  { pattern: '/forgotpassword', level: 7, open: true },
  // The password reset link of the forgot-password mail (issue 13): /resetpassword?token=...
  { pattern: '/resetpassword', level: 7, open: true },
  { pattern: '/ordertracking/:offerId/:companyId/:token', level: 3, open: true },
  // The PDF documents (spec 002 'PDF documents'): staff (role 3 or lower) for every document; the datasheet is open
  // (the public catalogue links to it). The offer PDF's API also opens with the order-tracking token.
  { pattern: '/pdf/offer/t1/:id', level: 3 },
  { pattern: '/pdf/order/t1/:id', level: 3 },
  { pattern: '/pdf/order/delivery/:id', level: 3 },
  { pattern: '/pdf/workorders', level: 3 },
  { pattern: '/pdf/pricelist', level: 3 },
  // The purchase order to a supplier (issue 25): purchasing's level, as every purchase call.
  { pattern: '/pdf/purchase/:id', level: 2 },
  { pattern: '/pdf/label10x10', level: 3 },
  { pattern: '/pdf/label8x10', level: 3 },
  { pattern: '/pdf/label8x6', level: 3 },
  { pattern: '/pdf/datasheet/:id/:lang', level: 7, open: true },
  { pattern: '/notfound', level: 0, open: true },
  { pattern: '/internalserver', level: 7, open: true },
  // Any other path (spec 2.1): the protected area itself and its shell on every screen (header to-dos and
  // rate update, settings panel). Not a screen of its own: the router's catch-all 404 sits behind the same gate.
  { pattern: '*', level: BACK_OFFICE_MAX_ROLE },
];

export function routeLevel(pattern: string): number {
  const r = ROUTE_LEVELS.find((x) => x.pattern === pattern);
  if (!r) throw new Error(`unknown route ${pattern}`);
  return r.level;
}
