import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Company, MyCompany, Offer } from '@isik/domain';
import { OfferDocument, offerDocumentModel } from '@isik/documents';
import { PdfViewer } from '../../../components/pdf-viewer';
import { api, ApiError } from '../../../lib/api';
import { displayName, useSession } from '../../../lib/session';
import { useDocLang } from '../doc-lang';

/** /pdf/offer/t1/:id (spec 002): the offer as a PDF, the same document the server mails. */
export function OfferPdfPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const lang = useDocLang(search.get('lang'));
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const offer = useQuery({ queryKey: ['offers', 'detail', id], queryFn: ({ signal }) => api<Offer>(`/offers/${encodeURIComponent(id)}`, { signal }) });
  const company = useQuery({
    queryKey: ['mycompany', 'document'],
    // No own company yet: the document prints without the header.
    queryFn: ({ signal }) => api<MyCompany>('/company/1', { signal }).catch((e: unknown) => { if (e instanceof ApiError && e.status === 404) return null; throw e; }),
  });
  const firmaId = offer.data?.firma_id ?? null;
  const buyer = useQuery({
    queryKey: ['companies', 'detail', firmaId],
    enabled: !!firmaId,
    queryFn: ({ signal }) => api<Company>(`/companies/${encodeURIComponent(firmaId ?? '')}`, { signal }).catch(() => null),
  });
  const ready = offer.data && company.isSuccess && (!firmaId || buyer.isFetched);
  const model = useMemo(() => (ready && offer.data ? offerDocumentModel({
    offer: offer.data, company: company.data ?? null, lang, approver: displayName(user),
    buyerTax: buyer.data ? { office: buyer.data.company_taxoffice, number: buyer.data.company_taxno } : null,
  }) : null), [ready, offer.data, company.data, buyer.data, lang, user]);
  const doc = useMemo(() => (model ? <OfferDocument model={model} /> : null), [model]);
  const error = offer.error ?? company.error;
  return <PdfViewer doc={doc} title={model ? `${model.title} ${model.info.number}` : t('msg.doc.loading')} fileName={model?.fileName ?? 'offer.pdf'} error={error ? (error as Error).message : null} />;
}
