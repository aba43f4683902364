import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { ROUTE_LEVELS, translate } from '@isik/domain';
import { trustProxyOption, type Config } from './config.js';
import type { Database } from './db/database.js';
import { pageAnchorHook } from './lib/anchored-page.js';
import { loggerOptions, PathSecrets, type LogSink } from './lib/logging.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin, requestLang } from './plugins/errors.js';
import { realtimePlugin } from './plugins/realtime.js';
import { metricsPlugin } from './plugins/metrics.js';
import { requestIdOptions, requestIdPlugin } from './plugins/request-id.js';
import { drainOptions, lifecyclePlugin } from './plugins/lifecycle.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { createServices, type Services } from './services.js';
import { authRoutes } from './modules/auth/auth-routes.js';
import { usersRoutes } from './modules/users/users-routes.js';
import { companiesRoutes } from './modules/companies/companies-routes.js';
import { systemRoutes } from './modules/system/system-routes.js';
import { filesRoutes } from './modules/files/files-routes.js';
import { imagesRoutes } from './modules/images/images-routes.js';
import { catalogueRoutes } from './modules/catalogue/catalogue-routes.js';
import { deliveriesRoutes } from './modules/deliveries/deliveries-routes.js';
import { myCompanyRoutes } from './modules/mycompany/mycompany-routes.js';
import { todosRoutes } from './modules/todos/todos-routes.js';
import { logsRoutes } from './modules/logs/logs-routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard-routes.js';
import { offersRoutes } from './modules/offers/offers-routes.js';
import { ratesRoutes } from './modules/rates/rates-routes.js';
import { buyingRoutes } from './modules/buying/buying-routes.js';
import { purchaseOrderRoutes } from './modules/buying/purchase-order-routes.js';
import { receiptsRoutes } from './modules/buying/receipts-routes.js';
import { fromShortagesRoutes } from './modules/buying/from-shortages-routes.js';
import { accountRoutes } from './modules/auth/account-routes.js';
import { offerMailRoutes } from './modules/mail/offer-mail-routes.js';
import type { OfferPdfRenderer } from './modules/mail/offer-mail-service.js';
import { pdfRoutes } from './modules/pdf/pdf-routes.js';
import { ordersRoutes } from './modules/orders/orders-routes.js';
import { costsRoutes } from './modules/stock/costs-routes.js';
import { importRoutes } from './modules/import/import-routes.js';
import { reportsRoutes } from './modules/reports/reports-routes.js';
import { createRatesJob } from './modules/rates/rates-job.js';
import { createDeviceService, type Clock, type DeviceService } from '@isik/devices';
import { compiledSerializerCompiler } from './lib/serializer.js';
import { WebPage } from './lib/web-page.js';

export interface AppDeps {
  config: Config; database: Database; logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogSink;
  /** The device dispatcher's clock (tests move time themselves). */
  deviceClock?: Clock;
  /** The offer PDF the offer mail attaches, instead of the PDF module's (tests). */
  offerPdf?: OfferPdfRenderer;
}

declare module 'fastify' {
  interface FastifyInstance { services: Services; passwordMin: number; devices: DeviceService }
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export async function buildApp({ config, database, logger = true, logStream, deviceClock, offerPdf }: AppDeps): Promise<FastifyInstance> {
  // Paths with a token segment: the web app's pages (the order-tracking page) and, as they are registered, the API's.
  const pathSecrets = new PathSecrets(ROUTE_LEVELS.map((r) => r.pattern));
  const app = Fastify({
    // Tokens and passwords never reach a log line (pino redact + a request serializer without secret queries or segments).
    logger: logger ? loggerOptions(config.LOG_LEVEL, logStream, pathSecrets) : false,
    bodyLimit: config.BODY_LIMIT_MB * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Off unless configured (TRUST_PROXY): otherwise any client could choose its address with X-Forwarded-For.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // Each log line of a request carries its id, the caller's X-Request-Id when it is a plain token (plugins/request-id.ts).
    ...requestIdOptions,
    // SIGTERM drains (plugins/lifecycle.ts): the probes answer, other new requests 503, the ones in flight finish.
    ...drainOptions,
    // A plugin may take longer than avvio's 10 s to start on a busy machine (@fastify/static lists the web build's
    // files, hundreds with their .br and .gz): a slow start, not a failed one.
    pluginTimeout: 60_000,
  });
  app.addHook('onRoute', (r) => pathSecrets.add(r.url));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler);
  app.decorate('passwordMin', config.PASSWORD_MIN);

  const services = createServices({ config, database, offerPdf, log: (msg, err) => app.log.warn({ err }, msg) });
  app.addHook('onClose', async () => services.mailer.close());
  app.decorate('services', services);
  services.rates.setLogger(app.log);
  if (config.RATES_JOB) {
    // Rates (DECISIONS 3): fetched once the app is ready, without holding the start up; stopped on close.
    const ratesJob = createRatesJob({ rates: services.rates, onError: (err) => app.log.warn({ err }, 'rates job') });
    app.addHook('onReady', async () => ratesJob.start());
    app.addHook('onClose', async () => ratesJob.stop());
  }

  await app.register(requestIdPlugin);
  await app.register(lifecyclePlugin, { probes: ['/api/live', '/api/health', '/metrics'] });
  await app.register(metricsPlugin, {
    token: config.METRICS_TOKEN,
    pools: () => [{ name: 'isik', pool: database.pool }],
    devices: () => {
      const d = (app as { devices?: DeviceService }).devices;
      return d && { links: d.links.count, commandsByState: () => d.dispatcher.countByStatus() };
    },
    backupDir: config.backupDir,
  });
  await app.register(errorsPlugin);
  app.addHook('preSerialization', pageAnchorHook);
  app.addHook('onSend', pageAnchorHook);
  await app.register(securityHeadersPlugin, { tileUrl: config.devices.mapTileUrl });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Işık back office API', version: '1.0.0', description: 'Every call of the back office. Errors answer { message, code, fields }.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(authPlugin, { db: database.db, secret: config.jwtSecret, listen: (fn, onResume) => database.listen(fn, onResume) });
  await app.register(realtimePlugin, { database, secret: config.jwtSecret, publicUrl: config.PUBLIC_URL, onLag: (s) => app.metrics.observeLiveLag(s) });

  await app.register(async (api) => {
    await api.register(systemRoutes, { database, filesBytes: () => services.files.totalBytes(), draining: () => app.lifecycle.draining });
    await api.register(authRoutes, { auth: services.auth });
    await api.register(usersRoutes, { users: services.users });
    await api.register(companiesRoutes, { companies: services.companies });
    await api.register(filesRoutes, { files: services.files, secret: () => config.jwtSecret });
    await api.register(imagesRoutes, { images: services.images });
    await api.register(catalogueRoutes, { services });
    await api.register(deliveriesRoutes, { deliveries: services.deliveries, orders: services.orders });
    await api.register(myCompanyRoutes, { mycompany: services.mycompany });
    await api.register(todosRoutes, { todos: services.todos });
    await api.register(logsRoutes, { logs: services.logs });
    await api.register(dashboardRoutes, { dashboard: services.dashboard });
    await api.register(offersRoutes, { offerRequests: services.offerRequests, offers: services.offers, contacts: services.contacts });
    await api.register(ratesRoutes, { rates: services.rates });
    await api.register(buyingRoutes, { buying: services.buying });
    await api.register(purchaseOrderRoutes, { purchaseOrders: services.purchaseOrders });
    await api.register(receiptsRoutes, { receipts: services.receipts });
    await api.register(fromShortagesRoutes, { planning: services.planning });
    await api.register(accountRoutes, { account: services.account });
    await api.register(offerMailRoutes, { offerMail: services.offerMail });
    await api.register(pdfRoutes, { pdf: services.pdf });
    await api.register(ordersRoutes, { orders: services.orders, costs: services.costs, secret: () => config.jwtSecret });
    await api.register(costsRoutes, { costs: services.costs });
    await api.register(importRoutes, { imports: services.imports });
    await api.register(reportsRoutes, { reports: services.reports });
  }, { prefix: '/api' });

  // The device service (DECISIONS 1, 10) on the same origin: its own accounts, secret and tables.
  const devices = await createDeviceService({ db: database.db, config: config.devices, clock: deviceClock, listenUrl: database.url, log: (msg, err) => app.log.warn({ err }, msg) });
  app.decorate('devices', devices);
  await app.register(devices.plugin, { prefix: '/device-api' });

  const webDist = config.WEB_DIST ? path.resolve(config.WEB_DIST) : defaultWebDist;
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  const webPage = hasWeb ? WebPage.load(webDist) : null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist, wildcard: false, index: false, cacheControl: false,
      // The public build writes each file's .br and .gz beside it (distFiles() in packages/web/vite.config.ts): sent to browsers that
      // take them, so a page's code crosses the wire at its compressed size.
      preCompressed: true,
      // The build's files carry a content hash in their name and never change: kept an hour without asking. The files
      // without one (/boot.js, the brand pictures) change in place with a new build: a browser asks again each time
      // (a 304 while unchanged); /boot.js writes the page's entry, so an old copy beside a new page would load nothing.
      setHeaders: (res, file) => {
        // The answer depends on Accept-Encoding (the .br or .gz beside the file): a shared cache must keep them apart.
        res.setHeader('vary', 'accept-encoding');
        res.setHeader('cache-control', file.startsWith(path.join(webDist, 'assets') + path.sep) ? 'public, max-age=3600, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    const isApi = url === '/api' || url.startsWith('/api/') || url === '/ws' || url.startsWith('/device-api');
    // A missing file (e.g. an asset of an older build) is a 404, not the app's page.
    const looksLikeFile = url.startsWith('/assets/') || /\.[a-z0-9]{1,5}$/i.test(url);
    if (!isApi && !looksLikeFile && hasWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      // Client-side routes: the single page app answers them, naming the files of the screen the path opens.
      if (req.method === 'GET' && webPage) return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(webPage.html(url));
      return reply.header('cache-control', 'no-cache').sendFile('index.html', webDist, { maxAge: 0, immutable: false });
    }
    return reply.status(404).send({ message: translate('error.routeNotFound', requestLang(req)), code: 'error.routeNotFound' });
  });

  return app;
}
