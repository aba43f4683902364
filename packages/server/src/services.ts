import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { createAuthService } from './modules/auth/auth-service.js';
import { createUsersService } from './modules/users/users-service.js';
import { createCompaniesService } from './modules/companies/companies-service.js';
import { createFilesService } from './modules/files/files-service.js';
import { createImagesService } from './modules/images/images-service.js';
import { createCatalogueServices } from './modules/catalogue/catalogue-service.js';
import { createDeliveriesService } from './modules/deliveries/deliveries-service.js';
import { createMyCompanyService } from './modules/mycompany/mycompany-service.js';
import { createTodosService } from './modules/todos/todos-service.js';
import { createLogsService } from './modules/logs/logs-service.js';
import { createOfferRequestService } from './modules/offers/offer-request-service.js';
import { companyOffersGuard } from './modules/offers/offers-repository.js';
import { createOffersService } from './modules/offers/offers-service.js';
import { createContactsService } from './modules/offers/contacts-service.js';
import { createRatesService } from './modules/rates/rates-service.js';
import { createBuyingService } from './modules/buying/buying-service.js';
import { createPurchaseOrderService } from './modules/buying/purchase-order-service.js';
import { createReceiptsService } from './modules/buying/receipts-service.js';
import { createFromShortagesService } from './modules/buying/from-shortages-service.js';
import { createAccountService } from './modules/auth/account-service.js';
import { createOfferMailService, type OfferPdfRenderer } from './modules/mail/offer-mail-service.js';
import { createMailer, defaultFrom } from './lib/mailer.js';
import { createPdfService } from './modules/pdf/pdf-service.js';
import { createOrdersService } from './modules/orders/orders-service.js';
import { createCostsService } from './modules/stock/costs-service.js';
import { createDashboardService } from './modules/dashboard/dashboard-service.js';
import { createReportsService } from './modules/reports/reports-service.js';
import { createImportService } from './modules/import/import-service.js';

/** The one place where services are wired with their dependencies. */
export function createServices({ config, database, log = () => undefined, offerPdf }: {
  config: Config; database: Database;
  /** Where the services' warnings go (the app's log). */
  log?: (msg: string, err?: unknown) => void;
  /** The offer PDF the offer mail attaches (tests may give their own). */
  offerPdf?: OfferPdfRenderer;
}) {
  const db = database.db;
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM || defaultFrom(config.PUBLIC_URL), onError: (err) => log('mail not sent', err) });
  const auth = createAuthService({ db, secret: config.jwtSecret, tokenTtl: config.TOKEN_TTL, signIn: config.devices.signIn });
  const users = createUsersService({ db, auth, passwordMin: config.PASSWORD_MIN });
  const companies = createCompaniesService({ db });
  const files = createFilesService({ db, maxBytes: Math.round(config.FILE_MAX_MB * 1024 * 1024) });
  const images = createImagesService({ db, files });
  const catalogue = createCatalogueServices({ db, files });
  const deliveries = createDeliveriesService({ db, companies });
  const mycompany = createMyCompanyService({ db, files, secret: () => config.jwtSecret });
  const todos = createTodosService({ db });
  const logs = createLogsService({ db });
  const offerRequests = createOfferRequestService({ db });
  companies.addDeleteGuard(companyOffersGuard);
  const offers = createOffersService({ db, secret: () => config.jwtSecret, publicUrl: () => config.PUBLIC_URL });
  const contacts = createContactsService({ db });
  const rates = createRatesService({ db, url: config.TCMB_URL, minIntervalMs: config.RATES_MIN_INTERVAL_SECONDS * 1000 });
  const buying = createBuyingService({ db, companies, materials: catalogue.materials });
  const receipts = createReceiptsService({ db });
  const planning = createFromShortagesService({ db });
  const secret = () => config.jwtSecret;
  const pdf = createPdfService({ db, files, secret, publicUrl: () => config.PUBLIC_URL });
  const purchaseOrders = createPurchaseOrderService({ db, mailer, pdf: { db, files, secret, publicUrl: () => config.PUBLIC_URL } });
  const account = createAccountService({ db, mailer, secret, publicUrl: config.PUBLIC_URL, passwordMin: config.PASSWORD_MIN, log });
  // The mail attaches exactly the bytes GET /api/pdf/offer/t1/{id} answers.
  const offerMail = createOfferMailService({ db, mailer, secret, publicUrl: config.PUBLIC_URL, pdf: offerPdf ?? ((id, o) => pdf.offer(id, { lang: o.lang === 'en' ? 1 : 0, approver: o.approver })) });
  const orders = createOrdersService({ db });
  const costs = createCostsService({ db });
  const dashboard = createDashboardService({ db });
  const reports = createReportsService({ db });
  const imports = createImportService({ db });
  return { auth, users, companies, files, images, ...catalogue, deliveries, mycompany, todos, logs, offerRequests, offers, contacts, rates, buying, receipts, planning, pdf, mailer, account, offerMail, orders, dashboard, imports, purchaseOrders, costs, reports };
}
export type Services = ReturnType<typeof createServices>;
