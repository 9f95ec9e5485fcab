import { useSyncExternalStore } from 'react';

/** A minimal external store (one state object, shallow updates) read with `useSyncExternalStore`. */
export type Store<S> = {
  getState: () => S;
  setState: (update: Partial<S> | ((state: S) => Partial<S>)) => void;
  subscribe: (listener: () => void) => () => void;
  /** Restores the initial state (tests, logout). */
  reset: () => void;
};

export function createStore<S extends object>(initial: S): Store<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  return {
    getState: () => state,
    setState: (update) => {
      const patch = typeof update === 'function' ? update(state) : update;
      state = { ...state, ...patch };
      emit();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reset: () => {
      state = initial;
      emit();
    },
  };
}

/** Reads a slice of a store; re-renders when the selected value changes (Object.is). */
export function useStore<S, T>(store: Store<S>, selector: (state: S) => T): T {
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.getState()),
    () => selector(store.getState()),
  );
}
