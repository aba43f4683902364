import type { Db } from '../../db/database.js';
import { createMaterialsService } from '../materials/materials-service.js';
import { createModelsService } from '../models/models-service.js';
import { createProductsService } from '../products/products-service.js';
import { createStockService } from '../stock/stock-service.js';
import { createPublicCatalogue } from './public-catalogue-service.js';
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
