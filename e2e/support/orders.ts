import type { Api, MadeCompany, MadeProduct } from './api';

/**
 * An order of the customer (an offer made in status 1) with one line: `qty` units of the product at `price` $ each
 * (rates 40 $ / 45 €, VAT 20 %), named as the product is. Its order lines are made with it.
 */
export function createOrder(api: Api, customer: MadeCompany, product: MadeProduct, line: { qty: number; price: number; code: string[]; subject?: string }): Promise<{ _id: string; __v: number }> {
  return api.post<{ _id: string; __v: number }>('/offers/create', {
    firma_id: customer._id, firma_adi: customer.company_name, firma_ulke: 'Türkiye', ...(line.subject ? { teklif_konu: line.subject } : {}),
    teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45, teklif_durumu: 1,
    offeritem: [{ urun_id: product._id, urun_adi: product.urun_adi[0], urun_kodu: line.code, urun_miktari: line.qty, urun_birimi: 'Adet', urun_fiyati: line.price, urun_dovizi: '$', urun_kdv: 20, order_type: 'default' }],
  });
}

/** The floor records `qty` done of the order's first line's operation `name` (started first); answers the line's id. */
export async function recordOperation(api: Api, offerId: string, name: string, qty: number): Promise<string> {
  const { orders } = await api.get<{ orders: { _id: string; Operations: { _id: string; Operation: string }[] }[] }>(`/orders/list?type=detaillist&filter1=1&filter2=6&offer=${offerId}`);
  const line = orders[0];
  const op = line.Operations.find((o) => o.Operation === name)!;
  await api.post(`/orders/operations/${line._id}/${op._id}/start`, {});
  await api.post(`/orders/operations/${line._id}/${op._id}/record`, { qty });
  return line._id;
}
