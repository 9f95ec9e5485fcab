import { MAPLE_LEAF_PATH } from './logo';

/**
 * The full-screen "logo video" (docs/product.md §2): our animated maple leaf, pure CSS animation,
 * still under prefers-reduced-motion. role=status with a translated label from the caller.
 */
export function LogoLoader({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-[60] flex flex-col items-center justify-center gap-4 bg-white/95"
      data-testid="logo-loader"
    >
      <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className="h-16 w-16 animate-leaf">
        <path fill="#D52B1E" d={MAPLE_LEAF_PATH} />
      </svg>
      <span className="text-sm font-medium text-gray-700">{label}</span>
    </div>
  );
}
