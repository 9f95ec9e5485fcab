import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/http';

/**
 * What a form's or an action's failed request says, translated (`errorMessage`: the server's code as an
 * `errors:` text), announced as an alert beside the form; nothing while there is no error.
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
