import { useSyncExternalStore } from 'react';

/**
 * A minimal external store: session and settings live outside React so that plain modules
 * (the API wrapper, the live socket) can read and change them without a hook.
 */
export interface Store<T> {
  get: () => T;
  set: (next: Partial<T> | ((prev: T) => Partial<T>)) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next) {
      const patch = typeof next === 'function' ? next(state) : next;
      state = { ...state, ...patch };
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Subscribes a component to a store; the selector must return a stable value (a primitive or a stored object). */
export function useStore<T extends object, S = T>(store: Store<T>, selector?: (state: T) => S): S {
  const select = selector ?? ((s: T) => s as unknown as S);
  return useSyncExternalStore(store.subscribe, () => select(store.get()), () => select(store.get()));
}

/** Browser storage can throw (private mode, quota, disabled cookies); the app must keep working. */
export function safeStorage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}
