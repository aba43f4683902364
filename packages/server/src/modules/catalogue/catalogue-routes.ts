import type { FastifyPluginAsync } from 'fastify';
import { materialsRoutes } from '../materials/materials-routes.js';
import { modelsRoutes } from '../models/models-routes.js';
import { productsRoutes } from '../products/products-routes.js';
import { stockRoutes } from '../stock/stock-routes.js';
import { stockOutlistRoutes } from '../stock/stock-outlist-routes.js';
import { publicCatalogueRoutes } from './public-catalogue-routes.js';
import type { CatalogueServices } from './catalogue-service.js';

/** Every catalogue and stock route, registered under /api. */
export const catalogueRoutes: FastifyPluginAsync<{ services: CatalogueServices }> = async (api, { services }) => {
  await api.register(modelsRoutes, { models: services.models });
  await api.register(productsRoutes, { products: services.products });
  await api.register(materialsRoutes, { materials: services.materials });
  await api.register(stockRoutes, { stock: services.stock });
  await api.register(stockOutlistRoutes, { stock: services.stock });
  await api.register(publicCatalogueRoutes, { catalogue: services.publicCatalogue });
};
