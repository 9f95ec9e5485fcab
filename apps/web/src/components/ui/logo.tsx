import { cn } from './cn';

/** Our maple-leaf mark (original drawing; same shape as public/favicon.svg). */
export const MAPLE_LEAF_PATH =
  'M32 8l4.2 8.4 5-2.6-1.6 12.2 7.6-7.8 1.6 4.2 7.2-1.4-2.6 8.6 3.6 1.8L46 38.6l1.8 4.4-12.2-1.6.8 12.6h-4.8l.8-12.6-12.2 1.6 1.8-4.4L10.6 31.4l3.6-1.8-2.6-8.6 7.2 1.4 1.6-4.2 7.6 7.8-1.6-12.2 5 2.6z';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={cn('h-8 w-8', className)}>
      <rect width="64" height="64" rx="14" fill="#D52B1E" />
      <path fill="#fff" d={MAPLE_LEAF_PATH} />
    </svg>
  );
}

/** Mark + wordmark. The wordmark is text, so the logo's accessible name is the app name. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <LogoMark />
      <span className="text-lg font-bold tracking-tight text-gray-900">
        Maple<span className="text-maple-700">Source</span>
      </span>
    </span>
  );
}
