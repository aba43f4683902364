import type { Action, Module } from './permissions.js';
import { ROUTE_LEVELS, isAllowed, routeLevel } from './roles.js';

/**
 * The action table (docs/decisions/0036-action-table.md): who may do what, beside the route table.
 *
 * An action is either an API call, keyed `'METHOD /api/path'` exactly as the server registers it (a delete registered
 * as GET and DELETE is keyed DELETE), or a rule inside a call, keyed by a dotted name (`'order.operationQty'`).
 * `screens` are the ROUTE_LEVELS patterns that offer it (a button) or need it (a read); `'*'` is the shell on every
 * protected screen. Its level is the level of the least privileged of those screens, so a screen never offers what
 * its own users are refused; `level` is given only where the spec makes an action stricter than a screen that shows
 * it (`why` says where), and then that screen hides it from the other roles (`canDo`).
 *
 * The server takes every guarded route's level from here (`config: actionConfig('POST /api/buying/create')`), its
 * services ask `canDo` for the rules inside a call, and the client asks `canDo` to show or hide a button. The role
 * walk (packages/server/src/actions-walk.test.ts) fires every action of every screen as every role.
 */
export interface ActionRule {
  key: string;
  screens: string[];
  /** Stricter than the least privileged screen (the spec's rule, in `why`). */
  level?: number;
  why?: string;
  /** The permission grid's module and right the call needs besides the level. */
  module?: Module;
  action?: Action;
}

const W = (module: Module) => ({ module, action: 'write' as const });
const D = (module: Module) => ({ module, action: 'delete' as const });

// The screens that work on one order line, one of its operations or an order's lines (their QR codes open them too).
const LINE = ['/orderitemdetail/:id', '/orderproductiondetail/:id', '/app/production/order/:itemId', '/orderoperations/:itemId/:operationId'];
const OPERATION = ['/orderproductiondetail/:id', '/app/production/order/:itemId', '/orderoperations/:itemId/:operationId'];
const ORDER_PDFS = ['/pdf/order/t1/:id', '/pdf/order/delivery/:id'];

export const ACTION_TABLE: readonly ActionRule[] = [
  // Session (every signed-in user, the public pages' top bar included) and the protected area's shell.
  { key: 'GET /api/auth/verifytoken', screens: ['/web'] },
  { key: 'POST /api/auth/logout', screens: ['/web'] },
  { key: 'live.subscribe', screens: ['*'] },
  { key: 'GET /api/todo/list', screens: ['*'] },
  { key: 'POST /api/todo/read/:id', screens: ['*'] },
  { key: 'DELETE /api/todo/delete/:id', screens: ['*'] },
  { key: 'todo.deleteAny', screens: ['*'], level: 1, why: "a to-do is deleted by its creator; roles 0-1 delete anyone's (ADR 0007)" },
  { key: 'GET /api/todo/people', screens: ['/'] },
  { key: 'POST /api/todo/create', screens: ['/'] },
  { key: 'POST /api/tcmb/update', screens: ['*'] },
  { key: 'GET /api/system/storage', screens: ['*'] },
  // The own company: the settings read it whole (0-1), every document prints it (ADR 0013).
  { key: 'GET /api/company/:id', screens: ['*'] },
  { key: 'company.readWhole', screens: ['/mycompany'] },
  { key: 'POST /api/company/create', screens: ['/mycompany'], ...W('companies') },
  { key: 'POST /api/company/update/:id', screens: ['/mycompany'], ...W('companies') },

  // Dashboard (000 2.5).
  { key: 'GET /api/dashboard/counts', screens: ['/'] },
  { key: 'GET /api/dashboard/charts', screens: ['/'] },
  { key: 'GET /api/logs/list/:date', screens: ['/'] },
  { key: 'GET /api/stock/outlist/:date', screens: ['/'] },

  // Users and the profile (000 2.7; DECISIONS 2).
  { key: 'GET /api/users/list', screens: ['/users'] },
  { key: 'GET /api/users/:id', screens: ['/profile', '/users'] },
  { key: 'user.readOther', screens: ['/users'] },
  { key: 'POST /api/users/create', screens: ['/users'], ...W('users') },
  { key: 'POST /api/users/update/:id', screens: ['/users'], ...W('users') },
  { key: 'user.setOtherPassword', screens: ['/users'] },
  { key: 'user.editOwnPermissions', screens: ['/users'], level: 0, why: 'nobody widens their own rights (DECISIONS 2); role 0 has them all' },
  { key: 'DELETE /api/users/delete/:id', screens: ['/users'], ...D('users') },
  { key: 'POST /api/users/paswordchange/:id', screens: ['/web', '/profile', '/users'] },

  // Companies, deliveries (000 2.8, 002 3) and the offer history of a company.
  { key: 'GET /api/companies/list', screens: ['/companies', '/buyings', '/offer/:id', '/users'] },
  // The offer PDF prints the customer's address.
  { key: 'GET /api/companies/:id', screens: ['/companydetail/:id', '/pdf/offer/t1/:id'] },
  { key: 'POST /api/companies/create', screens: ['/companydetail/:id', '/offer/:id'], ...W('companies') },
  { key: 'POST /api/companies/update/:id', screens: ['/companydetail/:id', '/offer/:id'], ...W('companies') },
  { key: 'DELETE /api/companies/delete/:id', screens: ['/companydetail/:id'], ...D('companies') },
  { key: 'GET /api/deliveried/list/:companyId', screens: ['/companydetail/:id'] },
  { key: 'GET /api/deliveried/:id', screens: ['/companydetail/:id'] },
  // The production order list's delivery modal (002 2.2) as well as the company's deliveries.
  { key: 'POST /api/deliveried/create', screens: ['/companydetail/:id', '/orderitemlist'], ...W('deliveries') },
  { key: 'POST /api/deliveried/update/:id', screens: ['/companydetail/:id'], ...W('deliveries') },
  {
    key: 'DELETE /api/deliveried/delete/:id/:product_id/:component_type', screens: ['/companydetail/:id', '/orderproductiondetail/:id'], level: 2,
    why: "removing a delivery is the company deliveries' right (level of /companydetail/:id); the line's delivery table shows it to those roles only",
    ...D('deliveries'),
  },
  { key: 'GET /api/offers/companylist/:companyId', screens: ['/companydetail/:id'] },

  // Images, models, products, materials and stock (000 2.9-2.12).
  { key: 'GET /api/images/list/:id', screens: ['/imagemanagment', '/model/:id'] },
  { key: 'GET /api/images/:id', screens: ['/imagemanagment'] },
  { key: 'POST /api/images/create', screens: ['/imagemanagment'], ...W('catalogue') },
  { key: 'POST /api/images/update/:id', screens: ['/imagemanagment'], ...W('catalogue') },
  { key: 'DELETE /api/images/delete/:id', screens: ['/imagemanagment'], ...D('catalogue') },
  // The model list is read by the model screen, the product screen's model select and the image library (ADR 0013).
  { key: 'GET /api/models/list', screens: ['/models', '/product/:id', '/imagemanagment'] },
  { key: 'GET /api/models/:id', screens: ['/model/:id', '/product/:id', '/imagemanagment'] },
  { key: 'POST /api/models/create', screens: ['/models', '/model/:id'], ...W('catalogue') },
  { key: 'POST /api/models/update/:id', screens: ['/model/:id'], ...W('catalogue') },
  { key: 'DELETE /api/models/delete/:id', screens: ['/models', '/model/:id'], ...D('catalogue') },
  // The product list serves the product pickers too: the label page's "Ürün Seç" (002 2.7), the new stock
  // production of the order list (002 2.2), the model's products and the price list.
  { key: 'GET /api/products/list', screens: ['/products', '/model/:id', '/productslabels', '/orderitemlist', '/pdf/pricelist'] },
  // One product: its screen, and the label editor (label page, a line's header menu) and the stock production's pick.
  { key: 'GET /api/products/:id', screens: ['/product/:id', '/products', '/productslabels', '/orderitemlist', '/orderproductiondetail/:id'] },
  { key: 'POST /api/products/create', screens: ['/products', '/product/:id'], ...W('catalogue') },
  { key: 'POST /api/products/update/:id', screens: ['/product/:id'], ...W('catalogue') },
  { key: 'DELETE /api/products/delete/:id', screens: ['/products', '/product/:id'], ...D('catalogue') },
  { key: 'GET /api/productStocks/list/:productId', screens: ['/product/:id'] },
  { key: 'POST /api/productStocks/create', screens: ['/product/:id'], ...W('stock') },
  { key: 'DELETE /api/productStocks/delete/:id/:stockId', screens: ['/product/:id'], ...D('stock') },
  // Materials are picked on the model and product screens (bills of operations) and in the order editor's
  // operation rows (level 2: `order.operations.edit`).
  { key: 'GET /api/materials/list', screens: ['/materials', '/model/:id', '/product/:id'] },
  { key: 'GET /api/materials/categories', screens: ['/materials', '/model/:id', '/product/:id'] },
  { key: 'GET /api/materials/:id', screens: ['/material/:id', '/model/:id', '/product/:id'] },
  { key: 'POST /api/materials/create', screens: ['/materials', '/material/:id'], ...W('catalogue') },
  { key: 'POST /api/materials/update/:id', screens: ['/material/:id'], ...W('catalogue') },
  { key: 'DELETE /api/materials/delete/:id', screens: ['/materials', '/material/:id'], ...D('catalogue') },
  { key: 'GET /api/stock/list/:materialId', screens: ['/material/:id'] },
  { key: 'GET /api/stock/:id', screens: ['/material/:id', '/'] },
  { key: 'POST /api/stock/create', screens: ['/material/:id'], ...W('stock') },
  { key: 'POST /api/stock/update/:id', screens: ['/material/:id'], ...W('stock') },
  { key: 'DELETE /api/stock/delete/:id/:stockId', screens: ['/material/:id'], ...D('stock') },
  // Costs (issue 25, ADR 0039): the office's figures. A line's cost and margin show on the line screens to level 2 only.
  { key: 'GET /api/materials/:id/cost', screens: ['/material/:id'] },
  { key: 'GET /api/reports/stockValue', screens: ['/stockvalue'] },
  { key: 'GET /api/offers/cost/:id', screens: ['/offer/:id'] },
  { key: 'GET /api/orders/cost/:id', screens: LINE, level: 2, why: 'costs and margins are the office\'s (the offer and material pages are level 2), not the production floor\'s' },
  {
    key: 'POST /api/files/upload', screens: ['/model/:id', '/product/:id', '/offer/:id', '/orderitemlist'], level: 2,
    why: 'files are attached by the office (ADR 0013); the new stock production shows its photo upload to those roles only',
  },
  { key: 'GET /api/tcmb/list', screens: ['/tcmblist'] },

  // Offers, contacts, offer settings (001).
  { key: 'GET /api/offers/list', screens: ['/offers'] },
  { key: 'GET /api/offers/settings', screens: ['/offers', '/offer/:id', '/offersettings'] },
  { key: 'POST /api/offers/settings', screens: ['/offersettings'], ...W('offers') },
  // The offer, its order and their documents: the work order and the delivery form print it (002 9).
  { key: 'GET /api/offers/:id', screens: ['/offer/:id', '/order/:id', '/pdf/offer/t1/:id', ...ORDER_PDFS] },
  { key: 'POST /api/offers/create', screens: ['/offers', '/offer/:id'], ...W('offers') },
  { key: 'POST /api/offers/update/:id', screens: ['/offer/:id'], ...W('offers') },
  { key: 'POST /api/offers/copy/:id', screens: ['/offers'], ...W('offers') },
  { key: 'DELETE /api/offers/delete/:id', screens: ['/offers'], ...D('offers') },
  { key: 'POST /api/offers/email/:id', screens: ['/offer/:id'], ...W('offers') },
  { key: 'GET /api/contacts/list', screens: ['/contacts'] },
  { key: 'GET /api/contacts/:id', screens: ['/contacts'] },
  { key: 'POST /api/contacts/import', screens: ['/contacts'], ...W('offers') },
  { key: 'POST /api/contacts/create', screens: ['/contacts'], ...W('offers') },
  { key: 'POST /api/contacts/update/:id', screens: ['/contacts'], ...W('offers') },
  { key: 'DELETE /api/contacts/delete/:id', screens: ['/contacts'], ...D('offers') },

  // Purchasing (001 7); the component list raises a purchase request from a row (002 2.3).
  { key: 'GET /api/buying/list', screens: ['/buyings'] },
  { key: 'GET /api/buying/totals', screens: ['/buyings'] },
  { key: 'GET /api/buying/:id', screens: ['/buyings'] },
  { key: 'POST /api/buying/create', screens: ['/buyings', '/componentlist'], ...W('buying') },
  { key: 'POST /api/buying/fromShortages', screens: ['/componentlist'], ...W('buying') },
  { key: 'POST /api/buying/update/:id', screens: ['/buyings'], ...W('buying') },
  { key: 'DELETE /api/buying/delete/:id', screens: ['/buyings'], ...D('buying') },
  // Purchase orders to suppliers (issue 25, ADR 0040).
  { key: 'POST /api/buying/order', screens: ['/buyings'], ...W('buying') },
  { key: 'GET /api/buying/order/:id', screens: ['/buyings', '/pdf/purchase/:id'] },
  { key: 'POST /api/buying/email/:id', screens: ['/buyings'], ...W('buying') },
  { key: 'GET /api/pdf/purchase/:id', screens: ['/pdf/purchase/:id'] },
  { key: 'POST /api/buying/receive/:id', screens: ['/buyings'], ...W('buying') },
  { key: 'DELETE /api/buying/receipts/:id', screens: ['/buyings'], ...D('buying') },

  // Orders and production (002 2.2-2.6, 4-7).
  {
    key: 'GET /api/orders/list',
    screens: ['/orderitemlist', '/app/production/orderQROptions/:orderId', '/pdf/workorders', ...ORDER_PDFS],
  },
  { key: 'GET /api/orders/item/:id', screens: LINE },
  { key: 'POST /api/orders/updateitem/:id', screens: ['/orderitemdetail/:id', '/orderproductiondetail/:id'], ...W('orders') },
  { key: 'order.operations.edit', screens: ['/orderitemdetail/:id'], level: 2, why: 'only roles below 3 see the operation row menus: add, edit, delete (002 6)' },
  { key: 'order.operationQty', screens: ['/orderproductiondetail/:id'], level: 1, why: "only roles below 2 see the operation edit icon and change an operation's quantity (002 2.4, 6)" },
  { key: 'POST /api/orders/create', screens: ['/orderitemlist'], ...W('orders') },
  { key: 'DELETE /api/orders/delete/:id', screens: ['/orderitemlist'], level: 2, why: 'only roles below 3 delete an order line (002 2.2, 6; DECISIONS 5)', ...D('orders') },
  { key: 'POST /api/orders/operations/:itemId/:operationId/start', screens: OPERATION, ...W('orders') },
  { key: 'POST /api/orders/operations/:itemId/:operationId/record', screens: OPERATION, ...W('orders') },
  { key: 'POST /api/orders/operations/:itemId/:operationId/finish', screens: OPERATION, ...W('orders') },
  { key: 'POST /api/orders/operations/:itemId/:operationId/reset', screens: OPERATION, ...W('orders') },
  { key: 'POST /api/orders/transfer/:id', screens: ['/orderitemlist'], ...W('orders') },
  { key: 'POST /api/orders/refresh/:id', screens: ['/orderitemdetail/:id'], ...W('orders') },
  { key: 'GET /api/orders/components', screens: ['/componentlist'] },
  { key: 'GET /api/orders/dashboard/production', screens: ['/productionDashBoard'] },
  { key: 'GET /api/orders/dashboard/models', screens: ['/modeldashboard'] },
  { key: 'GET /api/orders/overview', screens: ['/orders', '/ordersdashboard'] },

  // The documents as PDF bytes (002 9).
  { key: 'GET /api/pdf/order/t1/:id', screens: ['/pdf/order/t1/:id'] },
  { key: 'GET /api/pdf/order/delivery/:id', screens: ['/pdf/order/delivery/:id'] },
  { key: 'GET /api/pdf/workorders', screens: ['/pdf/workorders'] },
  { key: 'POST /api/pdf/label10x10', screens: ['/pdf/label10x10'] },
  { key: 'POST /api/pdf/label8x10', screens: ['/pdf/label8x10'] },
  { key: 'POST /api/pdf/label8x6', screens: ['/pdf/label8x6'] },
  { key: 'GET /api/pdf/pricelist', screens: ['/pdf/pricelist'] },

  // Import from Excel (issue 26): companies, materials with opening stock, products with their model.
  // Reports (issue 26, ADR 0041): each screen /reports/{name} reads its own call.
  { key: 'GET /api/reports/sales', screens: ['/reports', '/reports/:name'] },
  { key: 'GET /api/reports/production', screens: ['/reports/:name'] },
  { key: 'GET /api/reports/stock', screens: ['/reports/:name'] },
  { key: 'GET /api/reports/purchasing', screens: ['/reports/:name'] },
  { key: 'GET /api/import/:kind/template', screens: ['/import'] },
  { key: 'POST /api/import/:kind/preview', screens: ['/import'] },
  { key: 'POST /api/import/:kind/commit', screens: ['/import'] },
];

const BY_KEY = new Map(ACTION_TABLE.map((a) => [a.key, a]));

export function actionRule(key: string): ActionRule {
  const a = BY_KEY.get(key);
  if (!a) throw new Error(`unknown action ${key}`);
  return a;
}

/** The screens' level: the least privileged screen that offers it, or the stricter level the spec gives. */
export function actionLevel(key: string): number {
  const a = actionRule(key);
  return a.level ?? Math.max(...a.screens.map(routeLevel));
}

/** Whether a role may do it: the server's check, and whether the client shows the button. */
export function canDo(key: string, role: number | null | undefined): boolean {
  return isAllowed(actionLevel(key), role);
}

/** The actions a screen (a ROUTE_LEVELS pattern) offers or reads. */
export function actionsOfScreen(pattern: string): ActionRule[] {
  return ACTION_TABLE.filter((a) => a.screens.includes(pattern));
}

/** An API route's guard from the table: `config: actionConfig('POST /api/buying/create')`. */
export function actionConfig(key: string): { act: string; level: number; module?: Module; action?: Action } {
  const a = actionRule(key);
  if (!/^[A-Z]+ \/api\//.test(key)) throw new Error(`${key} is a rule, not an API call`);
  return { act: key, level: actionLevel(key), ...(a.module ? { module: a.module, action: a.action } : {}) };
}

/** Every screen named in the table is in the route table (checked by the domain tests). */
export function unknownActionScreens(): string[] {
  const patterns = new Set(ROUTE_LEVELS.map((r) => r.pattern));
  return ACTION_TABLE.flatMap((a) => a.screens.filter((s) => !patterns.has(s)).map((s) => `${a.key}: ${s}`));
}
