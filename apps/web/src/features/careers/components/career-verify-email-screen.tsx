import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/http';
import { useVerifyCareerEmail } from '../api/verify-career-email';

/**
 * /career/verify-email?token=… (docs/product.md §8): success; an invalid link (copied incorrectly, expired or already
 * verified); any other failure is the default unexpected error, with a retry.
 */
export function CareerVerifyEmailScreen() {
  const { t } = useTranslation('careers');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || undefined;
  const verify = useVerifyCareerEmail();
  const started = useRef<string | null>(null);
  const { mutate } = verify;

  useEffect(() => {
    if (!token || started.current === token) return;
    started.current = token;
    mutate(token);
  }, [token, mutate]);

  const invalid =
    !token ||
    (isApiError(verify.error) &&
      (verify.error.code === 'CAREER_VERIFICATION_INVALID' || verify.error.code === 'VALIDATION_FAILED'));

  let body;
  if (invalid)
    body = (
      <div role="alert" className="space-y-2 text-red-800">
        <p className="font-semibold">{t('verifyEmail.invalidTitle')}</p>
        <p className="text-gray-800">{t('verifyEmail.invalidText')}</p>
      </div>
    );
  else if (verify.isSuccess)
    body = (
      <p role="status" className="text-green-800">
        {t('verifyEmail.success')}
      </p>
    );
  else if (verify.error)
    body = (
      <div role="alert" className="space-y-3">
        <p className="text-red-800">{t('verifyEmail.unexpected')}</p>
        <Button variant="secondary" onClick={() => token && mutate(token)}>
          {t('verifyEmail.retry')}
        </Button>
      </div>
    );
  else
    body = (
      <div className="flex flex-col items-center gap-3">
        <Spinner />
        <p role="status">{t('verifyEmail.pending')}</p>
      </div>
    );

  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-live="polite">
      <h1 className="text-2xl font-semibold text-gray-900">{t('verifyEmail.title')}</h1>
      <div className="mt-6 flex flex-col items-center gap-4">
        {body}
        {verify.isPending ? null : (
          <Link to="/career" className={buttonClasses('secondary')}>
            {t('verifyEmail.toCareer')}
          </Link>
        )}
      </div>
    </section>
  );
}
