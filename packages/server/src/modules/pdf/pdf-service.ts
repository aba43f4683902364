import sharp from 'sharp';
import { createElement } from 'react';
import {
  DatasheetDocument, DeliveryFormDocument, LabelDocument, OfferDocument, PriceListDocument, ProductionListDocument, WorkOrderDocument, companyHeaderOf,
  datasheetModel, deliveryFormModel, labelDocumentModel, offerDocumentModel, priceListModel, productionListModel, workOrderModel,
  type DocLang, type OfferDocModel, type PriceListSettingsInput,
} from '@isik/documents';
import { renderDocument } from '@isik/documents/node';
import type { LabelData, LabelKind, MyCompany } from '@isik/domain';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../lib/errors.js';
import { verifyTrackingToken } from '../../lib/tracking-token.js';
import type { FilesService } from '../files/files-service.js';
import { fileIdOf } from '../files/files-service.js';
import { findMyCompany, toPublic } from '../mycompany/mycompany-repository.js';
import { findCompany } from '../companies/companies-repository.js';
import { createPublicCatalogue } from '../catalogue/public-catalogue-service.js';
import { findOffer } from '../offers/offers-repository.js';
import { listProducts } from '../products/products-repository.js';
import { listLines } from '../orders/orders-repository.js';

export interface PdfDeps {
  db: Db;
  files: Pick<FilesService, 'get'>;
  secret: () => string;
  /** The site's address for links printed on documents (QR codes); the request's origin when not configured. */
  publicUrl?: () => string | undefined;
}

/**
 * A stored image (`/api/files/<id>`) as a data URL the PDF engine can embed: PNG and JPEG as they are, WebP and
 * GIF converted to PNG. Anything else, or a missing file, prints nothing (null).
 */
export async function imageForPdf(files: PdfDeps['files'], url: string | null | undefined): Promise<string | null> {
  if (!url) return null;
  if (url.startsWith('data:image/png') || url.startsWith('data:image/jpeg')) return url;
  const id = fileIdOf(url);
  if (!id) return null;
  const f = await files.get(id);
  if (!f) return null;
  if (f.mime === 'image/png' || f.mime === 'image/jpeg') return `data:${f.mime};base64,${f.bytes.toString('base64')}`;
  if (f.mime === 'image/webp' || f.mime === 'image/gif') {
    try {
      const png = await sharp(f.bytes).png().toBuffer();
      return `data:image/png;base64,${png.toString('base64')}`;
    } catch {
      return null;
    }
  }
  return null;
}

/** The own company with its report images as embeddable data URLs (the header and stamps). */
export async function companyForPdf(deps: PdfDeps): Promise<MyCompany | null> {
  const c = await findMyCompany(deps.db);
  if (!c) return null;
  const [logo, kase, kaseimza, bw] = await Promise.all([c.sirket_rapor_logo, c.sirket_kase, c.sirket_kaseimza, c.bwlogo].map((u) => imageForPdf(deps.files, u)));
  return { ...c, sirket_rapor_logo: logo ?? '', sirket_kase: kase ?? '', sirket_kaseimza: kaseimza ?? '', bwlogo: bw ?? '' };
}

export interface OfferPdfOptions {
  lang: DocLang;
  /** ONAYLAYAN: the signed-in user's name (the customer's copy sent by mail names the sender). */
  approver: string;
}

/** The offer document's model from the stored offer, the own company and the buyer's tax data. */
export async function offerPdfModel(deps: PdfDeps, offerId: string, opts: OfferPdfOptions): Promise<OfferDocModel> {
  const offer = await findOffer(deps.db, offerId);
  if (!offer) throw notFound();
  const [company, buyer] = await Promise.all([
    companyForPdf(deps),
    offer.firma_id
      ? findCompany(deps.db, offer.firma_id).then((c) => (c ? { office: c.company_taxoffice, number: c.company_taxno } : null))
      : Promise.resolve(null),
  ]);
  return offerDocumentModel({ offer, company, buyerTax: buyer, approver: opts.approver, lang: opts.lang });
}

/**
 * The offer PDF's bytes (spec 002 /pdf/offer/t1/{id}): what `GET /api/pdf/offer/t1/{id}` answers, and what the
 * offer e-mail attaches. 404 (AppError) when the offer does not exist.
 */
export async function renderOfferPdf(deps: PdfDeps, offerId: string, opts: OfferPdfOptions): Promise<{ bytes: Buffer; fileName: string; model: OfferDocModel }> {
  const model = await offerPdfModel(deps, offerId, opts);
  const bytes = await renderDocument(createElement(OfferDocument, { model }) as Parameters<typeof renderDocument>[0]);
  return { bytes, fileName: model.fileName, model };
}

/** Whether `token` is the order-tracking token of the offer and its company (the customer's link). */
export async function offerTrackingAllowed(deps: PdfDeps, offerId: string, companyId: string, token: string): Promise<boolean> {
  if (!verifyTrackingToken(deps.secret(), offerId, companyId, token)) return false;
  const offer = await findOffer(deps.db, offerId);
  return !!offer && offer.firma_id === companyId;
}

/** A label (spec 002 /pdf/label10x10, label8x10, label8x6) from the editor's data. */
export async function renderLabelPdf(deps: PdfDeps, kind: LabelKind, label: LabelData, origin: string): Promise<Buffer> {
  const c = await findMyCompany(deps.db);
  const logo = c ? await imageForPdf(deps.files, c.bwlogo || c.sirket_rapor_logo) : null;
  const certificates = await Promise.all(label.Certificates.map(async (x) => ({ ...x, bwfile: (await imageForPdf(deps.files, x.bwfile)) ?? '' })));
  const model = labelDocumentModel({ kind, label: { ...label, Certificates: certificates }, logo, companyName: c?.sirket_adi ?? '', origin: deps.publicUrl?.() || origin });
  return renderDocument(createElement(LabelDocument, { model }) as Parameters<typeof renderDocument>[0]);
}

/** The price list (spec 002 /pdf/pricelist): active products in catalogue order, the category filter, the markup. */
export async function renderPriceListPdf(deps: PdfDeps, settings: PriceListSettingsInput, origin: string): Promise<{ bytes: Buffer; count: number }> {
  const [company, list] = await Promise.all([
    companyForPdf(deps),
    listProducts(deps.db, { type: 'list', page: 1, pageSize: 1_000_000, orderBy: 'model_category', order: 'asc', category: settings.category ?? undefined }),
  ]);
  const model = priceListModel({ ...settings, products: list.rows.filter((p) => p.urun_durumu), company: companyHeaderOf(company, settings.lang), origin: deps.publicUrl?.() || origin });
  const bytes = await renderDocument(createElement(PriceListDocument, { model }) as Parameters<typeof renderDocument>[0]);
  return { bytes, count: model.rows.length };
}

/** The datasheet (spec 002 /pdf/datasheet/{id}/{lang}): an active product's public data; 404 otherwise. */
export async function renderDatasheetPdf(deps: PdfDeps, productId: string, lang: DocLang): Promise<{ bytes: Buffer; fileName: string }> {
  const product = await createPublicCatalogue({ db: deps.db }).get(productId);
  const main = product.images.find((i) => i.description === 'Ana Görsel' && i.image) ?? product.images.find((i) => i.image);
  const [c, mainImage, drawing] = await Promise.all([findMyCompany(deps.db), imageForPdf(deps.files, main?.image), imageForPdf(deps.files, product.technicalDrawing)]);
  const company = c ? { ...toPublic(c), logo: (await imageForPdf(deps.files, c.sirket_rapor_logo)) ?? '' } : null;
  const model = datasheetModel({ product, company, lang, mainImage, drawing });
  const bytes = await renderDocument(createElement(DatasheetDocument, { model }) as Parameters<typeof renderDocument>[0]);
  return { bytes, fileName: `datasheet-${product.urun_kodu}-${lang === 0 ? 'tr' : 'en'}.pdf` };
}


/** An order (an offer that has order lines) and all its lines, oldest first; 404 when the offer does not exist. */
async function orderWithLines(deps: PdfDeps, offerId: string) {
  const offer = await findOffer(deps.db, offerId);
  if (!offer) throw new AppError(404, 'doc.order.notFound');
  const { orders } = await listLines(deps.db, { type: 'detaillist', orderBy: 'siparis_tarihi', order: 'asc', filter1: 1, filter2: 6, offer: offerId });
  return { offer, lines: orders };
}

/** The work-order sheet (spec 002 /pdf/order/t1/{id}): the order's lines and operations with their QR codes. */
export async function renderWorkOrderPdf(deps: PdfDeps, offerId: string, lang: DocLang, origin: string): Promise<{ bytes: Buffer; fileName: string }> {
  const [{ offer, lines }, company] = await Promise.all([orderWithLines(deps, offerId), companyForPdf(deps)]);
  const model = workOrderModel({ offer, lines, company: companyHeaderOf(company, lang), lang, origin: deps.publicUrl?.() || origin });
  const bytes = await renderDocument(createElement(WorkOrderDocument, { model }) as Parameters<typeof renderDocument>[0]);
  return { bytes, fileName: model.fileName };
}

/** The delivery form (spec 002 /pdf/order/delivery/{id}); an order without lines has no page: 404 with the reason. */
export async function renderDeliveryFormPdf(deps: PdfDeps, offerId: string, lang: DocLang): Promise<{ bytes: Buffer; fileName: string }> {
  const [{ offer, lines }, company] = await Promise.all([orderWithLines(deps, offerId), companyForPdf(deps)]);
  if (lines.length === 0) throw new AppError(404, 'doc.order.noItems');
  const model = deliveryFormModel({ offer, lines, company: companyHeaderOf(company, lang), lang });
  const bytes = await renderDocument(createElement(DeliveryFormDocument, { model }) as Parameters<typeof renderDocument>[0]);
  return { bytes, fileName: model.fileName };
}

/** The production list (spec 002 /pdf/workorders): lines in status 1-3 sorted by operation. */
export async function renderProductionListPdf(deps: PdfDeps, lang: DocLang): Promise<{ bytes: Buffer; count: number }> {
  const [{ orders }, company] = await Promise.all([
    listLines(deps.db, { type: 'list', orderBy: 'Operation', filter1: 1, filter2: 3 }),
    companyForPdf(deps),
  ]);
  const model = productionListModel({ lines: orders, company: companyHeaderOf(company, lang), lang });
  const bytes = await renderDocument(createElement(ProductionListDocument, { model }) as Parameters<typeof renderDocument>[0]);
  return { bytes, count: model.rows.length };
}

export function createPdfService(deps: PdfDeps) {
  return {
    datasheet: (productId: string, lang: DocLang) => renderDatasheetPdf(deps, productId, lang),
    priceList: (settings: PriceListSettingsInput, origin: string) => renderPriceListPdf(deps, settings, origin),
    label: (kind: LabelKind, label: LabelData, origin: string) => renderLabelPdf(deps, kind, label, origin),
    offer: (offerId: string, opts: OfferPdfOptions) => renderOfferPdf(deps, offerId, opts),
    workOrder: (offerId: string, lang: DocLang, origin: string) => renderWorkOrderPdf(deps, offerId, lang, origin),
    deliveryForm: (offerId: string, lang: DocLang) => renderDeliveryFormPdf(deps, offerId, lang),
    productionList: (lang: DocLang) => renderProductionListPdf(deps, lang),
    offerTrackingAllowed: (offerId: string, companyId: string, token: string) => offerTrackingAllowed(deps, offerId, companyId, token),
  };
}
export type PdfService = ReturnType<typeof createPdfService>;
