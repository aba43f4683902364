import { totalPages, type PublicProductDetail } from '@isik/domain';
import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import { findPublicProduct, listPublicProducts, type PublicListArgs } from './public-catalogue-repository.js';

export type { PublicListArgs } from './public-catalogue-repository.js';

/**
 * The public catalogue (spec 001 2.7, 2.8): active products only, public fields only (the repository reads an
 * explicit list of columns).
 */
export function createPublicCatalogue(deps: { db: Db }) {
  const { db } = deps;
  return {
    async list(a: PublicListArgs) {
      const { rows, total } = await listPublicProducts(db, a);
      return { products: rows, page: a.page, totalPage: totalPages(total, a.pageSize), totalItemCount: total };
    },

    async get(id: string): Promise<PublicProductDetail> {
      const p = await findPublicProduct(db, id);
      if (!p) throw notFound();
      return p;
    },
  };
}
export type PublicCatalogue = ReturnType<typeof createPublicCatalogue>;
