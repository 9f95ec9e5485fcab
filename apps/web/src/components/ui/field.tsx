import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from './cn';

export const inputClasses = (invalid?: boolean, className?: string) =>
  cn(
    'block w-full rounded-md border bg-white px-3 py-2 text-sm text-gray-900 placeholder:text-gray-500',
    'focus:border-maple-600 focus:outline-2 focus:outline-offset-0 focus:outline-maple-600',
    invalid ? 'border-red-700' : 'border-gray-300',
    className,
  );

export type FieldProps = {
  label: string;
  hint?: string;
  error?: string;
  required?: boolean;
  className?: string;
  /** Visually hide the label (it stays the accessible name). */
  hideLabel?: boolean;
  /** Render the control with the ids to wire: `{(p) => <input {...p} />}`. */
  children: (control: {
    id: string;
    'aria-describedby': string | undefined;
    'aria-invalid': true | undefined;
    required: boolean | undefined;
  }) => ReactNode;
};

/** Label + control + hint + error, wired with ids (screen readers read hint and error). */
export function Field({ label, hint, error, required, className, hideLabel, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={id} className={cn('block text-sm font-medium text-gray-800', hideLabel && 'sr-only')}>
        {label}
        {required ? (
          <span aria-hidden="true" className="text-maple-700">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined, required })}
      {hint ? (
        <p id={hintId} className="text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Input({ className, ...rest }: ComponentProps<'input'>) {
  return <input className={inputClasses(rest['aria-invalid'] === true, className)} {...rest} />;
}
