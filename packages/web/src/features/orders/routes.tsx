import { appRoute, type AppRouteObject } from '../../lib/routing';
import { orderTrackingRoutes } from './public-routes';

export const ordersRoutes: AppRouteObject[] = [
  appRoute('/orderitemlist', () => import('./routes/order-item-list-page').then((m) => m.OrderItemListPage)),
  appRoute('/orderproductiondetail/:id', () => import('./routes/order-production-detail-page').then((m) => m.OrderProductionDetailPage)),
  appRoute('/app/production/order/:itemId', () => import('./routes/order-production-detail-page').then((m) => m.OrderProductionDetailPage)),
  appRoute('/orderitemdetail/:id', () => import('./routes/order-item-detail-page').then((m) => m.OrderItemDetailPage)),
  appRoute('/orderoperations/:itemId/:operationId', () => import('./routes/order-operation-page').then((m) => m.OrderOperationPage)),
  appRoute('/app/production/orderQROptions/:orderId', () => import('./routes/order-qr-options-page').then((m) => m.OrderQrOptionsPage)),
  appRoute('/componentlist', () => import('./routes/component-list-page').then((m) => m.ComponentListPage)),
  appRoute('/productionDashBoard', () => import('./routes/production-dashboard-page').then((m) => m.ProductionDashboardPage)),
  appRoute('/modeldashboard', () => import('./routes/model-dashboard-page').then((m) => m.ModelDashboardPage)),
  appRoute('/orders', () => import('./routes/orders-page').then((m) => m.OrdersPage)),
  appRoute('/ordersdashboard', () => import('./routes/orders-dashboard-page').then((m) => m.OrdersDashboardPage)),
  appRoute('/order/:id', () => import('./routes/order-page').then((m) => m.OrderPage)),
  ...orderTrackingRoutes,
];
