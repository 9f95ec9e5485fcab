import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/http';
import { inputClasses } from '../ui/field';

/*
 * Form pieces beside the UI kit, kept out of `components/ui/` (whose modules join the shell chunk every public page
 * loads) because only forms use them, and kept in one module: each chunk's name is written in every page's preload
 * map, and the storefront page's first JavaScript is at the 150 KB budget (decision 125).
 */

/** A multi-line text field styled like `Input`, red-bordered while its Field shows an error (`aria-invalid`). */
export function Textarea({ className, ...rest }: ComponentProps<'textarea'>) {
  return <textarea className={inputClasses(rest['aria-invalid'] === true, className)} {...rest} />;
}

/**
 * What a form's or an action's failed request says, translated (`errorMessage`: the server's code as an `errors:`
 * text), announced as an alert beside the form; nothing while there is no error.
 */
export function RequestError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p role="alert" className="text-sm font-medium text-red-700">
      {errorMessage(t, error)}
    </p>
  );
}
