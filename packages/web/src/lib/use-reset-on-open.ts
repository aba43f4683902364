import { useEffect } from 'react';
import type { UseFormReturnType } from '@mantine/form';

/**
 * A modal form that starts afresh each time it opens: on opening (and when `key` changes while open) the
 * form takes `values()`, forgets its dirty state and clears its errors. `values` is read only then.
 */
export function useResetOnOpen<V>(
  form: UseFormReturnType<V>,
  opened: boolean,
  values: () => V,
  key?: unknown,
): void {
  useEffect(() => {
    if (!opened) return;
    const next = values();
    form.setValues(next);
    form.resetDirty(next);
    form.clearErrors();
    // Only opening (or a new key) resets; the form and the values callback change on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, key]);
}
