import { createElement, lazy, useState, type ComponentType } from 'react';
import { createStore, useStore } from '../lib/create-store';

/** How many screen chunks are downloading (the global loader shows while any is). */
const screenLoadingStore = createStore({ pending: 0 });

export function useScreenLoading(): boolean {
  return useStore(screenLoadingStore, (state) => state.pending > 0);
}

/** A screen component whose chunk can be loaded before it first renders. */
export type LazyScreen = ComponentType & { preload: () => Promise<void> };

/**
 * A screen in its own chunk (React.lazy), counted while it downloads so the logo loader shows (docs/product.md §2).
 * The count changes in a microtask: React calls the factory while rendering, when no other component may be
 * updated. React.lazy calls the factory once, so a screen is counted on its first render only.
 *
 * `preload()` loads the chunk ahead (main.tsx does for the first address, decision 206): a screen whose chunk is
 * there when it mounts renders directly, without suspending — React would show the Suspense fallback and hold
 * the content back for up to 300 ms after it (its fallback throttle) even for a chunk already downloaded.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const start = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Suspending = lazy(() => {
    queueMicrotask(() => screenLoadingStore.setState((state) => ({ pending: state.pending + 1 })));
    return start().finally(() =>
      queueMicrotask(() => screenLoadingStore.setState((state) => ({ pending: state.pending - 1 }))),
    );
  });
  function Screen() {
    // Chosen once per mount: switching from the lazy wrapper to the component would remount the screen.
    const [ready] = useState(() => loaded);
    return createElement(ready ?? Suspending);
  }
  Screen.preload = () => start().then(() => undefined);
  return Screen;
}
