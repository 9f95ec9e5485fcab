import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { buttonClasses } from '../../../components/ui/button';
import { isApiError } from '../../../lib/http';
import { sessionStore } from '../../../lib/session-store';
import { useVerifyEmail } from '../api/verify-email';
import { queryKeyRoots } from '../../../lib/query-keys';

const knownCodes = [
  'NO_TOKEN',
  'INVALID_OR_EXPIRED_TOKEN',
  'ALREADY_VERIFIED',
  'VERIFICATION_FAILED',
] as const;

/** /verify-email?token=… — every state of docs/product.md §8, with its fallback text ("Invalid token"). */
export function VerifyEmailScreen() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? undefined;
  const mutation = useVerifyEmail();
  const queryClient = useQueryClient();
  const started = useRef<string | null>(null);
  const { mutate } = mutation;

  useEffect(() => {
    if (!token || started.current === token) return;
    started.current = token;
    mutate(token, {
      onSuccess: ({ user }) => {
        if (user) sessionStore.setState({ userInfo: user });
        void queryClient.invalidateQueries({ queryKey: queryKeyRoots.accounts });
      },
    });
  }, [token, mutate, queryClient]);

  let tone: 'ok' | 'error' | 'info' = 'info';
  let message: string;
  if (!token) {
    tone = 'error';
    message = t('verify.NO_TOKEN');
  } else if (mutation.isSuccess) {
    tone = 'ok';
    message = t('verify.success');
  } else if (mutation.error) {
    const error = mutation.error;
    const code = isApiError(error) ? error.code : '';
    tone = code === 'ALREADY_VERIFIED' ? 'info' : 'error';
    message = (knownCodes as readonly string[]).includes(code)
      ? t(`verify.${code}`)
      : isApiError(error) && error.message && !/^(HTTP_\d+|NETWORK_ERROR)$/.test(error.code)
        ? error.message // the server's own message
        : t('verify.fallback');
  } else {
    message = t('verify.pending');
  }

  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-live="polite">
      <h1 className="text-2xl font-semibold text-gray-900">{t('verify.title')}</h1>
      <div className="mt-6 flex flex-col items-center gap-4">
        {token && mutation.isPending ? <Spinner /> : null}
        <p
          role={tone === 'error' ? 'alert' : 'status'}
          className={tone === 'ok' ? 'text-green-800' : tone === 'error' ? 'text-red-700' : 'text-gray-700'}
        >
          {message}
        </p>
        {mutation.isPending ? null : (
          <Link to="/profile" className={buttonClasses('secondary')}>
            {t('verify.toProfile')}
          </Link>
        )}
      </div>
    </section>
  );
}
