import { useNavigate, useSearchParams } from 'react-router';
import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LabelEditor } from '../../../components/label-editor';
import { PageHeader } from '../../../components/page-header';

/**
 * /productslabels (spec 002 2.7): the stand-alone label editor with its close / create-PDF footer.
 * ?product={id} (the production detail's 'Etiket editörü') opens it for that product.
 */
export function ProductsLabelsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const productId = useSearchParams()[0].get('product') || undefined;
  return (
    <>
      <PageHeader title={t('labelEditor.title')} />
      <Paper withBorder p="md" maw={900}>
        <LabelEditor key={productId ?? ''} productId={productId} onClose={() => navigate('/')} />
      </Paper>
    </>
  );
}
