import { lazy, Suspense, type ReactNode } from 'react';

export interface LoadFailedAlertProps {
  title: ReactNode;
  /** The failed query's error; its message is already in the user's language. */
  error: { message: string } | null | undefined;
  onRetry: () => void;
}

// Shown only when a load fails, so its code (Mantine's Alert) is not part of any screen's first download (ADR 0030).
const LoadFailedAlertView = lazy(() => import('./load-failed-alert-view'));

/** The red notice a list or detail shows when its data could not be loaded, with a retry button. */
export function LoadFailedAlert(props: LoadFailedAlertProps) {
  return (
    <Suspense fallback={null}>
      <LoadFailedAlertView {...props} />
    </Suspense>
  );
}
