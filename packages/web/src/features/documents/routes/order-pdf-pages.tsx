import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DeliveryFormDocument, ProductionListDocument, WorkOrderDocument, companyHeaderOf, deliveryFormModel, productionListModel, workOrderModel,
} from '@isik/documents';
import { PdfViewer } from '../../../components/pdf-viewer';
import { tm } from '../../../i18n';
import { docCompanyQuery, docOfferQuery, orderLinesOfOfferQuery, productionListQuery } from '../api/documents-api';
import { useDocLang } from '../doc-lang';

/** The own company for a document's header (none yet: the document prints without it). */
function useDocCompany() {
  return useQuery(docCompanyQuery);
}

/** An order (the offer) and all its lines, oldest first, as the work order and the delivery form print them. */
function useOrder(id: string) {
  const offer = useQuery(docOfferQuery(id));
  const lines = useQuery(orderLinesOfOfferQuery(id));
  return { offer, lines };
}

/** /pdf/order/t1/:id (spec 002): the work order with a QR code per line and operation. */
export function WorkOrderPdfPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const lang = useDocLang(search.get('lang'));
  const { t } = useTranslation();
  const { offer, lines } = useOrder(id);
  const company = useDocCompany();
  const model = useMemo(() => (offer.data && lines.data && company.isSuccess ? workOrderModel({
    offer: offer.data, lines: lines.data, company: companyHeaderOf(company.data ?? null, lang), lang, origin: window.location.origin,
  }) : null), [offer.data, lines.data, company.isSuccess, company.data, lang]);
  const doc = useMemo(() => (model ? <WorkOrderDocument model={model} /> : null), [model]);
  const error = offer.error ?? lines.error ?? company.error;
  return <PdfViewer doc={doc} title={model ? `${model.title} ${model.head.number}` : t('msg.doc.loading')} fileName={model?.fileName ?? 'workorder.pdf'} error={error ? (error as Error).message : null} />;
}

/** /pdf/order/delivery/:id (spec 002): the delivery form; an order without lines has nothing to print. */
export function DeliveryFormPdfPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const lang = useDocLang(search.get('lang'));
  const { t } = useTranslation();
  const { offer, lines } = useOrder(id);
  const company = useDocCompany();
  const model = useMemo(() => (offer.data && lines.data && company.isSuccess ? deliveryFormModel({
    offer: offer.data, lines: lines.data, company: companyHeaderOf(company.data ?? null, lang), lang,
  }) : null), [offer.data, lines.data, company.isSuccess, company.data, lang]);
  const empty = model !== null && model.lines.length === 0;
  const doc = useMemo(() => (model && model.lines.length > 0 ? <DeliveryFormDocument model={model} /> : null), [model]);
  const error = offer.error ?? lines.error ?? company.error;
  return (
    <PdfViewer
      doc={doc} title={model ? `${model.title} ${model.head.number}` : t('msg.doc.loading')} fileName={model?.fileName ?? 'delivery.pdf'}
      error={error ? (error as Error).message : empty ? tm('doc.order.noItems') : null}
    />
  );
}

/** /pdf/workorders (spec 002): the production list of the lines in status 1-3, sorted by operation. */
export function ProductionListPdfPage() {
  const [search] = useSearchParams();
  const lang = useDocLang(search.get('lang'));
  const lines = useQuery(productionListQuery);
  const company = useDocCompany();
  const model = useMemo(() => (lines.data && company.isSuccess ? productionListModel({
    lines: lines.data, company: companyHeaderOf(company.data ?? null, lang), lang,
  }) : null), [lines.data, company.isSuccess, company.data, lang]);
  const doc = useMemo(() => (model ? <ProductionListDocument model={model} /> : null), [model]);
  const error = lines.error ?? company.error;
  return <PdfViewer doc={doc} title={model?.title ?? ''} fileName="workorders.pdf" error={error ? (error as Error).message : null} />;
}
