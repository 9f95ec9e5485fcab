import { cn } from './cn';

const sizes = { sm: 'h-4 w-4 border-2', md: 'h-6 w-6 border-2', lg: 'h-10 w-10 border-4' } as const;

export type SpinnerProps = {
  size?: keyof typeof sizes;
  /** Accessible label; omit with `decorative` when a parent already announces the state. */
  label?: string;
  decorative?: boolean;
  className?: string;
};

export function Spinner({ size = 'md', label, decorative, className }: SpinnerProps) {
  const circle = (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block animate-spin rounded-full border-gray-300 border-t-maple-600',
        sizes[size],
        className,
      )}
    />
  );
  if (decorative) return circle;
  return (
    <span role="status" className="inline-flex items-center">
      {circle}
      <span className="sr-only">{label}</span>
    </span>
  );
}
