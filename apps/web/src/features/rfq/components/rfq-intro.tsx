import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/**
 * What a request for quotes is, for a visitor who is not signed in, and the way in: signing in opens the sign-in
 * dialog over this page, so the visitor is back here, signed in, once done.
 */
export function RfqIntro({ onSignIn }: { onSignIn: () => void }) {
  const { t } = useTranslation('rfq');
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <h1 className="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">{t('intro.title')}</h1>
      <p className="mt-4 text-base text-gray-700">{t('intro.text')}</p>
      <ol className="mt-8 grid w-full gap-3 text-left sm:grid-cols-3">
        {(['one', 'two', 'three'] as const).map((key) => (
          <li key={key} className="rounded-lg border border-gray-200 p-4 text-sm text-gray-800">
            {t(`intro.steps.${key}`)}
          </li>
        ))}
      </ol>
      <p className="mt-8 text-sm text-gray-700">{t('intro.signInText')}</p>
      <Button className="mt-4" onClick={onSignIn}>
        {t('intro.signIn')}
      </Button>
    </div>
  );
}
