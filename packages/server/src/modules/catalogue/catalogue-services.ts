import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database.js';
import { createMaterialsService } from '../materials/materials-service.js';
import { materialsRoutes } from '../materials/materials-routes.js';
import { createModelsService } from '../models/models-service.js';
import { modelsRoutes } from '../models/models-routes.js';
import { createProductsService } from '../products/products-service.js';
import { productsRoutes } from '../products/products-routes.js';
import { createStockService } from '../stock/stock-service.js';
import { stockRoutes } from '../stock/stock-routes.js';
import { stockOutlistRoutes } from '../stock/stock-outlist-routes.js';
import { createPublicCatalogue, publicCatalogueRoutes } from './public-catalogue.js';
import type { FileIngest } from './shared.js';

/** The catalogue and stock services (models, products, materials, the ledger, the public catalogue). */
export function createCatalogueServices(deps: { db: Db; files: FileIngest }) {
  return {
    models: createModelsService(deps),
    products: createProductsService(deps),
    materials: createMaterialsService(deps),
    stock: createStockService(deps),
    publicCatalogue: createPublicCatalogue(deps),
  };
}
export type CatalogueServices = ReturnType<typeof createCatalogueServices>;

/** Every catalogue and stock route, registered under /api. */
export const catalogueRoutes: FastifyPluginAsync<{ services: CatalogueServices }> = async (api, { services }) => {
  await api.register(modelsRoutes, { models: services.models });
  await api.register(productsRoutes, { products: services.products });
  await api.register(materialsRoutes, { materials: services.materials });
  await api.register(stockRoutes, { stock: services.stock });
  await api.register(stockOutlistRoutes, { stock: services.stock });
  await api.register(publicCatalogueRoutes, { catalogue: services.publicCatalogue });
};
