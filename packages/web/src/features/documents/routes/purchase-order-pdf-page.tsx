import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PurchaseOrderDocument, companyHeaderOf, purchaseOrderModel } from '@isik/documents';
import { PdfViewer } from '../../../components/pdf-viewer';
import { docCompanyQuery, docPurchaseOrderQuery } from '../api/documents-api';

/** /pdf/purchase/:id (issue 25, ADR 0040): the purchase order of a purchase at status 1-3, in the supplier's language. */
export function PurchaseOrderPdfPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  // The key the purchase screen's dialog reads too (features/buying/api/purchase-order-api.ts).
  const order = useQuery(docPurchaseOrderQuery(id));
  const company = useQuery(docCompanyQuery);
  const model = useMemo(() => (order.data && company.isSuccess ? purchaseOrderModel({
    order: order.data, company: companyHeaderOf(company.data ?? null, order.data.lang === 'tr' ? 0 : 1),
  }) : null), [order.data, company.isSuccess, company.data]);
  const doc = useMemo(() => (model ? <PurchaseOrderDocument model={model} /> : null), [model]);
  const error = order.error ?? company.error;
  return <PdfViewer doc={doc} title={model ? `${model.title} ${model.number}` : t('msg.doc.loading')} fileName={model?.fileName ?? 'purchase-order.pdf'} error={error ? (error as Error).message : null} />;
}
