import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { MARKUP_DEFAULT } from '@isik/domain';
import { PriceListDocument, companyHeaderOf, priceListModel, priceListParts } from '@isik/documents';
import { PdfViewer } from '../../../components/pdf-viewer';
import { docCompanyQuery, priceListProductsQuery } from '../api/documents-api';
import { useDocLang } from '../doc-lang';

const PAGE = 1000;

/** /pdf/pricelist (spec 002): every product in pages of 1,000 with a progress bar, then the price list made in parts (with their progress) in the viewer. */
export function PriceListPdfPage() {
  const [search] = useSearchParams();
  const lang = useDocLang(search.get('lang'));
  const markupRaw = Number(search.get('markup') ?? MARKUP_DEFAULT);
  const markup = Number.isInteger(markupRaw) && markupRaw >= 0 && markupRaw < 100 ? markupRaw : MARKUP_DEFAULT;
  const catRaw = search.get('category');
  const category = catRaw !== null && /^[0-8]$/.test(catRaw) ? Number(catRaw) : null;
  const type = (search.get('type') ?? '0').replace('T', '');
  const text = search.get('text') ?? '';
  const [progress, setProgress] = useState(0);
  const products = useQuery(priceListProductsQuery(category, PAGE, (done, total) => setProgress(total ? Math.round((done / total) * 100) : 100)));
  const company = useQuery(docCompanyQuery);
  const model = useMemo(() => (products.data && company.isSuccess ? priceListModel({
    lang, markup, category, type, text, products: products.data.filter((p) => p.urun_durumu), company: companyHeaderOf(company.data ?? null, lang), origin: window.location.origin,
  }) : null), [products.data, company.isSuccess, company.data, lang, markup, category, type, text]);
  // A long list is made a few dozen pages at a time, with the pages' progress on screen, then joined.
  const doc = useMemo(() => (model ? priceListParts(model.rows.length).map((part) => <PriceListDocument key={part.from} model={model} part={part} />) : null), [model]);
  const error = products.error ?? company.error;
  return <PdfViewer doc={doc} title={model?.title ?? ''} fileName="pricelist.pdf" progress={products.data ? null : progress} error={error ? (error as Error).message : null} />;
}
