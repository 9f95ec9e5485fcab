import { limits } from '@maplesource/contracts/limits';
import { createStore, useStore } from './create-store';

export const toastTypes = ['success', 'error', 'info', 'warning'] as const;
export type ToastType = (typeof toastTypes)[number];

export type Toast = {
  id: number;
  type: ToastType;
  message: string;
  /** True during the exit animation (limits.toast.exitMs) before removal. */
  leaving: boolean;
};

export type ShowToastInput = { type: ToastType; message: string };

type ToastState = { toasts: Toast[] };

export const toastStore = createStore<ToastState>({ toasts: [] });

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>[]>();

function clearTimers(id: number) {
  timers.get(id)?.forEach(clearTimeout);
  timers.delete(id);
}

function remove(id: number) {
  clearTimers(id);
  toastStore.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
}

/** Starts the exit animation, then removes the toast after limits.toast.exitMs. */
export function dismissToast(id: number): void {
  const toast = toastStore.getState().toasts.find((t) => t.id === id);
  if (!toast || toast.leaving) return;
  clearTimers(id);
  toastStore.setState((s) => ({ toasts: s.toasts.map((t) => (t.id === id ? { ...t, leaving: true } : t)) }));
  timers.set(id, [setTimeout(() => remove(id), limits.toast.exitMs)]);
}

/**
 * docs/product.md §2/§9: at most limits.toast.max visible (adding one more drops the oldest at once),
 * each auto-dismissed after limits.toast.displayMs.
 */
export function showToast({ type, message }: ShowToastInput): number {
  const id = nextId++;
  // Toasts still animating out count too, so no more than `max` are ever on screen.
  const current = toastStore.getState().toasts;
  const overflow = current.length - limits.toast.max + 1;
  if (overflow > 0) current.slice(0, overflow).forEach((t) => remove(t.id));
  toastStore.setState((s) => ({ toasts: [...s.toasts, { id, type, message, leaving: false }] }));
  timers.set(id, [setTimeout(() => dismissToast(id), limits.toast.displayMs)]);
  return id;
}

export function clearToasts(): void {
  [...timers.keys()].forEach(clearTimers);
  toastStore.reset();
}

export const toast = {
  show: showToast,
  success: (message: string) => showToast({ type: 'success', message }),
  error: (message: string) => showToast({ type: 'error', message }),
  info: (message: string) => showToast({ type: 'info', message }),
  warning: (message: string) => showToast({ type: 'warning', message }),
  dismiss: dismissToast,
};

/** `const { show } = useToast(); show({ type: 'success', message: t('…') })` */
export function useToast() {
  return toast;
}

export function useToasts(): Toast[] {
  return useStore(toastStore, (s) => s.toasts);
}
