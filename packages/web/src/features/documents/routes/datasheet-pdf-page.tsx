import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { DatasheetDocument, datasheetModel } from '@isik/documents';
import { PdfViewer } from '../../../components/pdf-viewer';
import { publicCompanyQuery, publicProductQuery } from '../api/documents-api';
import { useDocLang } from '../doc-lang';

/** /pdf/datasheet/:id/:lang (spec 002; open to anyone): an active product's datasheet from the public catalogue's data. */
export function DatasheetPdfPage() {
  const { id = '', lang: langParam } = useParams();
  const lang = useDocLang(langParam);
  const product = useQuery(publicProductQuery(id));
  const company = useQuery(publicCompanyQuery);
  const model = useMemo(() => {
    if (!product.data || !company.isSuccess) return null;
    const p = product.data;
    const main = p.images.find((i) => i.description === 'Ana Görsel' && i.image) ?? p.images.find((i) => i.image);
    return datasheetModel({ product: p, company: company.data ?? null, lang, mainImage: main?.image || p.image || null, drawing: p.technicalDrawing || null });
  }, [product.data, company.isSuccess, company.data, lang]);
  const doc = useMemo(() => (model ? <DatasheetDocument model={model} /> : null), [model]);
  return <PdfViewer doc={doc} title={model?.title ?? ''} fileName={`datasheet-${model?.code ?? id}.pdf`} error={product.error ? (product.error as Error).message : null} />;
}
