import { Anchor, Button, Group, Paper, SegmentedControl, Text } from '@mantine/core';
import { COMPANY_CATEGORIES, COMPANY_SORTS, countryOptions, type Company, type CompanyCategory } from '@isik/domain';
import { IconBuildingStore, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { Link, useNavigate } from 'react-router';
import type { DataTableColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ListTable } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { TruncatedText } from '../../../components/truncated-text';
import { readOrder, readPage } from '../../../lib/use-list-params';
import { useListPage } from '../../../lib/use-list-page';
import { allPagesOf, describeFilters, type ReportSource } from '../../../lib/report-source';
import type { CompanySort } from '@isik/domain';
import { companiesQuery, fetchCompanies } from '../api/companies-api';
import { CompanyCategoryBadge, CompanyStatusBadge, useCountryLabel } from '../components/company-badges';
import { isCompanyCategory } from '../components/company-values';
import { rememberListSearch } from './list-location';

const ALL = 'all';
const NOWRAP = { whiteSpace: 'nowrap' } as const;

function isSort(v: string | null): v is CompanySort {
  return v !== null && (COMPANY_SORTS as readonly string[]).includes(v);
}

const LIST_DEFAULTS = { page: 1 };

/** The list's state lives in the URL, so returning from a company finds the same page, search and sort. */
function readListParams(params: URLSearchParams) {
  return {
    page: readPage(params),
    search: params.get('search') ?? '',
    orderBy: isSort(params.get('orderBy')) ? (params.get('orderBy') as CompanySort) : 'company_name',
    order: readOrder(params),
    category: isCompanyCategory(params.get('category')) ? (params.get('category') as CompanyCategory) : undefined,
  };
}

/** Spec 000 2.8: customers and suppliers, paged on the server, sortable, searched by name as one types. */
export function CompaniesPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const countryLabel = useCountryLabel();
  const list = useListPage({
    defaults: LIST_DEFAULTS,
    parse: readListParams,
    remember: rememberListSearch,
    query: (s) => companiesQuery({ page: s.page, orderBy: s.orderBy, order: s.order, search: s.search, category: s.category }),
    // The Reports menu exports every company the search and category select, in the list's order.
    report: ({ search, category, orderBy, order }): ReportSource<Company> => {
      const countries = new Map(countryOptions(i18n.language).map((o) => [o.value, o.label]));
      return {
        title: t('menu.companies'),
        fileName: 'companies',
        subtitle: describeFilters([[t('common.search'), search], [t('companies.field.category'), category && t(`companies.category.${category}`)]]),
        columns: [
          { header: t('companies.field.name'), value: (c) => c.company_name, width: 2 },
          { header: t('companies.field.category'), value: (c) => t(`companies.category.${c.company_category}`) },
          { header: t('companies.field.status'), value: (c) => t(c.company_status ? 'companies.status.active' : 'companies.status.passive') },
          { header: t('companies.field.city'), value: (c) => c.company_city },
          { header: t('companies.field.country'), value: (c) => countries.get(c.company_country) ?? c.company_country },
          { header: t('companies.field.phone'), value: (c) => c.company_phone },
          { header: t('companies.field.email'), value: (c) => c.company_email, width: 1.6 },
          { header: t('companies.field.address'), value: (c) => c.company_adress, width: 2 },
        ],
        fetchAll: allPagesOf((page, pageSize) => fetchCompanies({ page, pageSize, search, category, orderBy, order }), (r) => r.companyList),
      };
    },
  });
  const { state, update, data, query } = list;

  const open = (c: Company) => navigate(`/companydetail/${c._id}`);

  // Status sits next to category so the badges stay in view when a narrow screen scrolls the table sideways.
  const columns: DataTableColumn<Company>[] = [
    {
      key: 'name', header: t('companies.field.name'), sortKey: 'company_name',
      render: (c) => (
        <Anchor
          component={Link} to={`/companydetail/${c._id}`} fw={600} size="sm" c="var(--mantine-color-text)" display="block" miw={120} maw={150}
          truncate="end" title={c.company_name} onClick={(e) => e.stopPropagation()}
        >
          {c.company_name}
        </Anchor>
      ),
    },
    { key: 'category', header: t('companies.field.category'), sortKey: 'company_category', render: (c) => <CompanyCategoryBadge category={c.company_category} /> },
    { key: 'status', header: t('companies.field.status'), sortKey: 'company_status', render: (c) => <CompanyStatusBadge active={c.company_status} /> },
    { key: 'city', header: t('companies.field.city'), render: (c) => <TruncatedText maw={80}>{c.company_city}</TruncatedText> },
    { key: 'country', header: t('companies.field.country'), render: (c) => <TruncatedText maw={80}>{countryLabel(c.company_country)}</TruncatedText> },
    { key: 'phone', header: t('companies.field.phone'), render: (c) => <Text size="sm" style={NOWRAP}>{c.company_phone}</Text> },
    // Long e-mails and addresses are cut to one line (the whole text on hover), so the list fits a 1280 px screen.
    { key: 'email', header: t('companies.field.email'), render: (c) => <TruncatedText maw={130}>{c.company_email}</TruncatedText> },
    { key: 'address', header: t('companies.field.address'), render: (c) => <TruncatedText maw={110} c="dimmed">{c.company_adress}</TruncatedText> },
  ];

  const { filtered, empty } = list;

  const addButton = (
    <Button component={Link} to="/companydetail/new" leftSection={<IconPlus size={18} />}>
      {t('companies.list.add')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('menu.companies')}
        subtitle={data ? t('companies.list.total', { total: data.totalItemCount }) : t('companies.list.subtitle')}
        actions={addButton}
      />
      {query.isError && !data ? (
        <LoadFailedAlert title={t('companies.list.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
      ) : empty ? (
        <EmptyState
          icon={<IconBuildingStore size={34} stroke={1.5} />}
          title={t('companies.list.emptyTitle')}
          text={t('companies.list.emptyText')}
          action={addButton}
        />
      ) : (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Group gap="sm" mb="md" wrap="wrap" align="center">
            <SearchInput
              initialValue={state.search}
              placeholder={t('companies.list.searchPlaceholder')}
              onSearch={list.setSearch}
              style={{ flex: '1 1 260px' }}
              maw={420}
            />
            <SegmentedControl
              aria-label={t('companies.field.category')}
              value={state.category ?? ALL}
              onChange={(v) => update({ category: v === ALL ? undefined : v, page: 1 })}
              data={[
                { value: ALL, label: t('companies.list.allCategories') },
                ...COMPANY_CATEGORIES.map((c) => ({ value: c, label: t(`companies.category.${c}`) })),
              ]}
            />
          </Group>
          <ListTable
            list={list}
            columns={columns}
            rows={data?.companyList}
            rowKey={(c) => c._id}
            onRowClick={open}
            minWidth={760}
            emptyText={filtered ? t('companies.list.noMatch') : undefined}
          />
        </Paper>
      )}
    </>
  );
}
