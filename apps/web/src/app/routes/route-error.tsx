import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

/** Shown when a route fails to render or its chunk fails to load (e.g. after a deploy). */
export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  if (import.meta.env.DEV) console.warn(error);
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-gray-900">{t('routeError.title')}</h1>
      <p className="mt-3 text-gray-600">{t('routeError.text')}</p>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </Button>
    </div>
  );
}
