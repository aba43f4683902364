import { appRoute, type AppRouteObject } from '../../lib/routing';

const labelPage = () => import('./routes/label-pdf-page').then((m) => m.LabelPdfPage);
const orderPages = () => import('./routes/order-pdf-pages');

/** The printable documents (spec 002 'PDF documents'): each page loads its data, then shows the full-screen viewer. */
export const documentsRoutes: AppRouteObject[] = [
  appRoute('/pdf/offer/t1/:id', () => import('./routes/offer-pdf-page').then((m) => m.OfferPdfPage)),
  appRoute('/pdf/order/t1/:id', () => orderPages().then((m) => m.WorkOrderPdfPage)),
  appRoute('/pdf/order/delivery/:id', () => orderPages().then((m) => m.DeliveryFormPdfPage)),
  appRoute('/pdf/workorders', () => orderPages().then((m) => m.ProductionListPdfPage)),
  appRoute('/pdf/label10x10', labelPage),
  appRoute('/pdf/label8x10', labelPage),
  appRoute('/pdf/label8x6', labelPage),
  appRoute('/pdf/purchase/:id', () => import('./routes/purchase-order-pdf-page').then((m) => m.PurchaseOrderPdfPage)),
  appRoute('/pdf/pricelist', () => import('./routes/pricelist-pdf-page').then((m) => m.PriceListPdfPage)),
  appRoute('/pdf/datasheet/:id/:lang', () => import('./routes/datasheet-pdf-page').then((m) => m.DatasheetPdfPage)),
  appRoute('/productslabels', () => import('./routes/labels-page').then((m) => m.ProductsLabelsPage)),
];
