import { useMemo, type Ref, type RefCallback } from 'react';

/**
 * What Mantine's ScrollArea takes from Floating UI (vite.config.ts `scrollAreaRefs`): one callback ref that sets all
 * the given refs. ScrollArea is in every table; importing it from Floating UI made every such screen download
 * Floating UI (15 KiB gzipped) before its first render (ADR 0030).
 */
export function useMergeRefs<T>(refs: Array<Ref<T> | undefined>): RefCallback<T> | null {
  return useMemo(
    () => {
      if (refs.every((ref) => ref == null)) return null;
      return (value: T | null) => {
        for (const ref of refs) {
          if (typeof ref === 'function') ref(value);
          else if (ref) (ref as { current: T | null }).current = value;
        }
      };
    },
    // The refs themselves are the dependencies, as in Floating UI's hook.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    refs,
  );
}
