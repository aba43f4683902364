import { IconBulb } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

/** The public catalogue at /web. Products arrive with the catalogue feature; until then it is honestly empty. */
export function CataloguePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('catalogue.title')} subtitle={t('catalogue.subtitle')} />
      <EmptyState title={t('catalogue.emptyTitle')} text={t('catalogue.emptyText')} icon={<IconBulb size={34} stroke={1.5} />} />
    </>
  );
}
