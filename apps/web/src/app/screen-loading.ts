import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { createStore, useStore } from '../lib/create-store';

/** How many screen chunks are downloading (the global loader shows while any is). */
const screenLoadingStore = createStore({ pending: 0 });

export function useScreenLoading(): boolean {
  return useStore(screenLoadingStore, (state) => state.pending > 0);
}

/**
 * A screen in its own chunk (React.lazy), counted while it downloads so the logo loader shows (spec §2).
 * The count changes in a microtask: React calls the factory while rendering, when no other component may be
 * updated. React.lazy calls the factory once, so a screen is counted on its first render only.
 */
export function lazyScreen(
  load: () => Promise<{ default: ComponentType }>,
): LazyExoticComponent<ComponentType> {
  return lazy(() => {
    queueMicrotask(() => screenLoadingStore.setState((state) => ({ pending: state.pending + 1 })));
    return load().finally(() =>
      queueMicrotask(() => screenLoadingStore.setState((state) => ({ pending: state.pending - 1 }))),
    );
  });
}
