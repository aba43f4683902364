import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OfferDocument, offerDocumentModel } from '@isik/documents';
import { PdfViewer } from '../../../components/pdf-viewer';
import { displayName, useSession } from '../../../lib/session';
import { docBuyerQuery, docCompanyQuery, docOfferQuery } from '../api/documents-api';
import { useDocLang } from '../doc-lang';

/** /pdf/offer/t1/:id (spec 002): the offer as a PDF, the same document the server mails. */
export function OfferPdfPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const lang = useDocLang(search.get('lang'));
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const offer = useQuery(docOfferQuery(id));
  // No own company yet: the document prints without the header.
  const company = useQuery(docCompanyQuery);
  const firmaId = offer.data?.firma_id ?? null;
  const buyer = useQuery(docBuyerQuery(firmaId));
  const ready = offer.data && company.isSuccess && (!firmaId || buyer.isFetched);
  const model = useMemo(() => (ready && offer.data ? offerDocumentModel({
    offer: offer.data, company: company.data ?? null, lang, approver: displayName(user),
    buyerTax: buyer.data ? { office: buyer.data.company_taxoffice, number: buyer.data.company_taxno } : null,
  }) : null), [ready, offer.data, company.data, buyer.data, lang, user]);
  const doc = useMemo(() => (model ? <OfferDocument model={model} /> : null), [model]);
  const error = offer.error ?? company.error;
  return <PdfViewer doc={doc} title={model ? `${model.title} ${model.info.number}` : t('msg.doc.loading')} fileName={model?.fileName ?? 'offer.pdf'} error={error ? (error as Error).message : null} />;
}
