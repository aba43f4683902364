import type { ReactNode } from 'react';
import { Button, Center, Loader } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ApiError } from '../lib/api';
import { EmptyState } from './empty-state';
import { LoadFailedAlert } from './load-failed-alert';

/** The parts of a record query the fallback reads (a TanStack `useQuery` result fits). */
export interface RecordQueryState {
  isPending: boolean;
  error: Error | null;
  refetch: () => unknown;
}

export interface RecordFallbackProps {
  /** Breadcrumbs shown above whatever the fallback shows. */
  crumbs: ReactNode;
  query: RecordQueryState;
  /** Shown when the record does not exist (404). */
  notFound: {
    icon: ReactNode;
    title: ReactNode;
    text: ReactNode;
    /** Where the back-to-list button leads. */
    backTo: string;
    backLabel: ReactNode;
  };
  /** Title of the alert for any other load error. */
  loadFailedTitle: ReactNode;
}

/**
 * What a detail page shows while its record is not there: a loader while the query is pending,
 * an empty state with a way back to the list on 404, otherwise the error with a retry button.
 */
export function RecordFallback({ crumbs, query, notFound, loadFailedTitle }: RecordFallbackProps) {
  if (query.isPending) {
    return (
      <>
        {crumbs}
        <Center h={240}><Loader /></Center>
      </>
    );
  }
  const isNotFound = query.error instanceof ApiError && query.error.status === 404;
  return (
    <>
      {crumbs}
      {isNotFound ? (
        <EmptyState
          icon={notFound.icon}
          title={notFound.title}
          text={notFound.text}
          action={<Button component={Link} to={notFound.backTo} variant="light" leftSection={<IconArrowLeft size={18} />}>{notFound.backLabel}</Button>}
        />
      ) : (
        <LoadFailedAlert title={loadFailedTitle} error={query.error} onRetry={() => void query.refetch()} />
      )}
    </>
  );
}
