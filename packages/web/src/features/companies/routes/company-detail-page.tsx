import { Anchor, Breadcrumbs, Group, Tabs, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Company } from '@isik/domain';
import { IconBuildingOff, IconFileInvoice, IconId, IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { RecordFallback } from '../../../components/record-fallback';
import { companyKeys, companyQuery } from '../api/companies-api';
import { CompanyCategoryBadge, CompanyStatusBadge, useCountryLabel } from '../components/company-badges';
import { CompanyForm } from '../components/company-form';
import { DeliveryList } from '../components/delivery-list';
import { OfferHistory } from '../components/offer-history';
import { companiesListPath } from './list-location';

const NEW = 'new';

/** Spec 000 2.9: /companydetail/{id}, or /companydetail/new to create. */
export function CompanyDetailPage() {
  const { id = NEW } = useParams();
  // A new id (e.g. after creating) starts a fresh screen rather than reusing the old form's state.
  return <CompanyDetail key={id} id={id} />;
}

function CompanyDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const countryLabel = useCountryLabel();
  const isNew = id === NEW;
  // The open tab is kept in the URL (?tab=deliveries) so reloading or coming back finds it again.
  const [params, setParams] = useSearchParams();
  const tab = !isNew && (params.get('tab') === 'deliveries' || params.get('tab') === 'offers') ? params.get('tab')! : 'detail';
  const setTab = (v: string | null) => setParams((p) => {
    const next = new URLSearchParams(p);
    if (v && v !== 'detail') next.set('tab', v);
    else next.delete('tab');
    return next;
  }, { replace: true });
  const query = useQuery({ ...companyQuery(id), enabled: !isNew });
  const company = query.data;

  const toList = () => void navigate(companiesListPath());
  const onSaved = (saved: Company, mode: 'created' | 'updated') => {
    if (mode === 'created') void navigate(`/companydetail/${saved._id}`, { replace: true });
  };
  const onDeleted = async (deleted: Company) => {
    await navigate(companiesListPath());
    queryClient.removeQueries({ queryKey: companyKeys.detail(deleted._id) });
  };

  const crumbs = (
    <Breadcrumbs mb="xs" separatorMargin={6}>
      <Anchor component={Link} to={companiesListPath()} size="sm">{t('menu.companies')}</Anchor>
      <Text size="sm" c="dimmed" lineClamp={1}>{isNew ? t('companies.detail.newTitle') : company?.company_name ?? '…'}</Text>
    </Breadcrumbs>
  );

  if (!isNew && !company) {
    return (
      <RecordFallback
        crumbs={crumbs}
        query={query}
        notFound={{
          icon: <IconBuildingOff size={34} stroke={1.5} />,
          title: t('companies.detail.notFoundTitle'),
          text: t('companies.detail.notFoundText'),
          backTo: companiesListPath(),
          backLabel: t('companies.detail.backToList'),
        }}
        loadFailedTitle={t('companies.detail.loadFailed')}
      />
    );
  }

  const place = company ? [company.company_city, countryLabel(company.company_country)].filter(Boolean).join(', ') : '';
  const subtitle = isNew ? t('companies.detail.newSubtitle') : company && (
    <Group gap="xs" component="span">
      <CompanyCategoryBadge category={company.company_category} />
      <CompanyStatusBadge active={company.company_status} />
      {place && <Text span size="sm" c="dimmed">{place}</Text>}
    </Group>
  );

  return (
    <>
      {crumbs}
      <PageHeader title={isNew ? t('companies.detail.newTitle') : company?.company_name} subtitle={subtitle} />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="detail" leftSection={<IconId size={16} />}>{t('companies.tabs.detail')}</Tabs.Tab>
          {company && <Tabs.Tab value="deliveries" leftSection={<IconTruckDelivery size={16} />}>{t('companies.tabs.deliveries')}</Tabs.Tab>}
          {company && <Tabs.Tab value="offers" leftSection={<IconFileInvoice size={16} />}>{t('companies.tabs.offers')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="detail">
          <CompanyForm company={company} onSaved={onSaved} onDeleted={onDeleted} onClose={toList} />
        </Tabs.Panel>
        {company && (
          <Tabs.Panel value="deliveries">
            <DeliveryList company={company} />
          </Tabs.Panel>
        )}
        {company && (
          <Tabs.Panel value="offers">
            <OfferHistory company={company} />
          </Tabs.Panel>
        )}
      </Tabs>
    </>
  );
}
