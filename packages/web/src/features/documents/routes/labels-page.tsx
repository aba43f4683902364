import { useNavigate } from 'react-router';
import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LabelEditor } from '../../../components/label-editor';
import { PageHeader } from '../../../components/page-header';

/** /productslabels (spec 002 2.7): the stand-alone label editor with its close / create-PDF footer. */
export function ProductsLabelsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t('labelEditor.title')} />
      <Paper withBorder p="md" maw={900}>
        <LabelEditor onClose={() => navigate('/')} />
      </Paper>
    </>
  );
}
