import { queryOptions } from '@tanstack/react-query';
import { type OfferRequestInput, type OfferRequestResult, type PublicCompany, type PublicProductDetail } from '@isik/domain';
import { api } from '../../../lib/api';

// The list call is shared with the sign-in page's carousel, so it lives in lib/.
export { fetchPublicProducts, publicKeys, publicProductsQuery, type PublicListParams } from '../../../lib/public-products';
import { publicKeys } from '../../../lib/public-products';
import { queryKeys } from '../../../lib/query-keys';

export const publicProductQuery = (id: string) =>
  queryOptions({
    queryKey: publicKeys.detail(id),
    queryFn: ({ signal }) => api<PublicProductDetail>(`/web/products/${encodeURIComponent(id)}`, { signal }),
    // The page shows a not-found card or an error alert itself; a notice on top would only add noise.
    meta: { notifyError: false },
  });

/** What the visitor sends from the product page (DECISIONS 9: a draft offer and a to-do for the office). */
export type OfferRequestBody = OfferRequestInput;

export const OFFER_REQUEST_PATH = '/web/offer-requests';

export function sendOfferRequest(body: OfferRequestBody): Promise<OfferRequestResult> {
  return api<OfferRequestResult>(OFFER_REQUEST_PATH, { method: 'POST', body });
}

/** The own company's public contact (GET /web/company); 404 while there is no company record. */

export const publicCompanyQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.mycompany, 'public'] as const,
    queryFn: ({ signal }) => api<PublicCompany>('/web/company', { signal }),
    // Without a company record the modal simply shows no e-mail line.
    meta: { notifyError: false },
    retry: false,
    staleTime: 5 * 60_000,
  });
