import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { LABEL_KINDS, type LabelKind } from '@isik/domain';
import { LabelDocument, labelDocumentModel } from '@isik/documents';
import { readStoredLabel } from '../../../components/label-editor';
import { PdfViewer } from '../../../components/pdf-viewer';
import { docCompanyQuery } from '../api/documents-api';

/** /pdf/label10x10, /pdf/label8x10, /pdf/label8x6 (spec 002): the label the editor stored, with no call but the company's logo. */
export function LabelPdfPage() {
  const { pathname } = useLocation();
  const kind = (LABEL_KINDS.find((k) => pathname.endsWith(`/${k}`)) ?? 'label10x10') as LabelKind;
  const label = useMemo(() => readStoredLabel(), []);
  const company = useQuery(docCompanyQuery);
  const doc = useMemo(() => {
    if (!company.isSuccess) return null;
    const c = company.data;
    return <LabelDocument model={labelDocumentModel({ kind, label, logo: c ? c.bwlogo || c.sirket_rapor_logo || null : null, companyName: c?.sirket_adi ?? '', origin: window.location.origin })} />;
  }, [company.isSuccess, company.data, kind, label]);
  const title = `${label.model} ${label.productName}`.trim() || kind;
  return <PdfViewer doc={doc} title={title} fileName={`${kind}.pdf`} error={company.error ? (company.error as Error).message : null} />;
}
