import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  otpSchema,
  passwordSchema,
  phoneNumberSchema,
  signupRequestSchema,
} from '@maplesource/contracts/auth';
import { provinceCodes, provinceNames } from '@maplesource/contracts/provinces';
import { Button } from '../../../components/ui/button';
import { Field, Input, inputClasses } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { fieldError } from '../../../lib/field-error';
import { errorMessage, isApiError } from '../../../lib/http';
import { sessionActions } from '../../../lib/session-store';
import { toast } from '../../../lib/toast-store';
import { useForgotPasswordOtp } from '../api/forgot-password';
import { useForgotPasswordToken } from '../api/forgot-password-token';
import { useLogin } from '../api/login';
import { useResetPassword } from '../api/reset-password';
import { useSendOtp } from '../api/send-otp';
import { useSignup } from '../api/signup';
import {
  currentPendingReset,
  forgetPendingReset,
  rememberPendingReset,
  secondsBeforeResend,
} from './pending-reset';
import { useRestartableCountdown } from '../../../lib/use-countdown';
import { RequestError } from '../../../components/forms/form-kit';

type View = 'login' | 'signup' | 'forgot';

/** Login, signup (with phone code) and forgot-password in one dialog (docs/product.md §2). Opened by the header or useRequireLogin. */
export default function AuthModal() {
  const { t } = useTranslation('auth');
  const [view, setView] = useState<View>('login');
  const titles: Record<View, string> = {
    login: t('login.title'),
    signup: t('signup.title'),
    forgot: t('forgot.title'),
  };
  return (
    <Modal
      open
      onClose={sessionActions.closeAuthModal}
      title={titles[view]}
      closeLabel={t('common:modal.close')}
      description={t('canadaOnly')}
    >
      {view === 'login' ? <LoginForm onView={setView} /> : null}
      {view === 'signup' ? <SignupForm onView={setView} /> : null}
      {view === 'forgot' ? <ForgotForm onView={setView} /> : null}
    </Modal>
  );
}

const loginSchema = z.object({
  identifier: z.string().trim().min(3, 'errors:EMAIL_OR_PHONE_REQUIRED'),
  password: z.string().min(1, 'errors:PASSWORD_REQUIRED'),
});

function LoginForm({ onView }: { onView: (view: View) => void }) {
  const { t } = useTranslation('auth');
  const mutation = useLogin();
  const form = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { identifier: '', password: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ identifier, password }) =>
    mutation
      .mutateAsync(
        identifier.includes('@') ? { email: identifier, password } : { phoneNumber: identifier, password },
      )
      // The dialog closes on login: a per-call onSuccess would be skipped once it is gone.
      .then(
        ({ user }) => toast.success(t('login.welcome', { name: user.fullName })),
        () => undefined, // shown from mutation.error below
      ),
  );
  const failure = mutation.error
    ? isApiError(mutation.error) && mutation.error.status > 0 && mutation.error.status < 500
      ? errorMessage(t, mutation.error)
      : t('login.failed')
    : null;
  const delayed = isApiError(mutation.error) && mutation.error.status === 429 ? mutation.error : null;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field
        label={t('login.identifier')}
        hint={t('login.identifierHint')}
        error={fieldError(t, errors.identifier?.message)}
        required
      >
        {(p) => <Input {...p} autoComplete="username" {...form.register('identifier')} />}
      </Field>
      <Field label={t('fields.password')} error={fieldError(t, errors.password?.message)} required>
        {(p) => (
          <Input {...p} type="password" autoComplete="current-password" {...form.register('password')} />
        )}
      </Field>
      {failure ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {failure}
        </p>
      ) : null}
      {delayed ? (
        // Keyed by the refusal: a new 429 restarts the countdown from its own Retry-After.
        <LoginDelay key={mutation.submittedAt} seconds={delayed.retryAfterSeconds} onView={onView} />
      ) : null}
      <Button type="submit" loading={mutation.isPending} className="w-full">
        {t('login.submit')}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" className="text-maple-700 underline" onClick={() => onView('forgot')}>
          {t('login.forgot')}
        </button>
        <button type="button" className="text-maple-700 underline" onClick={() => onView('signup')}>
          {t('login.toSignup')}
        </button>
      </div>
    </form>
  );
}

/**
 * A delayed login (decision 245): how long until the next try, counting down, and the way out that never waits —
 * a new password with a code sent to the phone.
 */
/** "Back to login", under the signup and forgot-password forms. */
function BackToLogin({ onView }: { onView: (view: View) => void }) {
  const { t } = useTranslation('auth');
  return (
    <p className="text-center text-sm">
      <button type="button" className="text-maple-700 underline" onClick={() => onView('login')}>
        {t('signup.toLogin')}
      </button>
    </p>
  );
}

/** Sends the code again once the countdown is over; until then it says how many seconds are left. */
function ResendCodeButton({
  secondsLeft,
  sending,
  onResend,
}: {
  secondsLeft: number;
  sending: boolean;
  onResend: () => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <button
      type="button"
      className="text-maple-700 underline disabled:text-gray-500 disabled:no-underline"
      disabled={secondsLeft > 0 || sending}
      onClick={onResend}
    >
      {secondsLeft > 0 ? t('signup.resendIn', { seconds: secondsLeft }) : t('signup.resend')}
    </button>
  );
}

function LoginDelay({ seconds, onView }: { seconds: number | undefined; onView: (view: View) => void }) {
  const { t } = useTranslation('auth');
  const { left } = useRestartableCountdown(seconds ?? 0);
  const time =
    left >= 60 ? t('login.minutes', { count: Math.ceil(left / 60) }) : t('login.seconds', { count: left });
  return (
    <div className="space-y-1 text-sm">
      {seconds !== undefined ? (
        // A timer is not a live region: screen readers read it when asked, not every second.
        <p role="timer" className="text-gray-800">
          {left > 0 ? t('login.retryIn', { time }) : t('login.retryNow')}
        </p>
      ) : null}
      <p>
        <button type="button" className="text-maple-700 underline" onClick={() => onView('forgot')}>
          {t('login.resetByPhone')}
        </button>
      </p>
    </div>
  );
}

const detailsSchema = signupRequestSchema.omit({ otp: true });
type Details = z.input<typeof detailsSchema>;

function SignupForm({ onView }: { onView: (view: View) => void }) {
  const { t, i18n } = useTranslation('auth');
  const [details, setDetails] = useState<z.output<typeof detailsSchema> | null>(null);
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | null>(null);
  const sendOtp = useSendOtp();
  const signup = useSignup();
  const countdown = useRestartableCountdown();
  const form = useForm<Details>({
    resolver: zodResolver(detailsSchema),
    defaultValues: { fullName: '', email: '', phoneNumber: '', password: '', province: 'ON' },
  });
  const { errors } = form.formState;
  const lang = i18n.language === 'fr' ? 'fr' : 'en';

  const requestCode = (values: z.output<typeof detailsSchema>) =>
    sendOtp.mutate(values.phoneNumber, {
      onSuccess: (res) => {
        setDetails(values);
        countdown.start(res.resendInSeconds);
        toast.info(t('signup.codeSent'));
      },
      onError: (error) => {
        if (isApiError(error) && error.code === 'OTP_RESEND_TOO_SOON') setDetails(values);
      },
    });

  const submitDetails = form.handleSubmit((values) => requestCode(values as z.output<typeof detailsSchema>));

  const submitCode = (event: React.FormEvent) => {
    event.preventDefault();
    if (!details) return;
    const parsed = otpSchema.safeParse(otp);
    if (!parsed.success) {
      setOtpError(t('errors:INVALID_OTP'));
      return;
    }
    setOtpError(null);
    // Not mutate's per-call callbacks: logging in closes this dialog, and React Query skips those callbacks
    // once the component is gone, so the welcome toast never showed.
    // The page's language becomes the account's (decision 210): its e-mails, the verification link first, use it.
    signup.mutateAsync({ ...details, otp: parsed.data, language: lang }).then(
      ({ user }) => toast.success(t('signup.welcome', { name: user.fullName })),
      (error: unknown) => setOtpError(errorMessage(t, error)),
    );
  };

  const legal = (
    <p className="text-xs text-gray-600">
      {t('signup.legalBefore')}{' '}
      <a className="text-maple-700 underline" href="/terms-and-condition" target="_blank" rel="noreferrer">
        {t('signup.terms')}
      </a>{' '}
      {t('signup.legalAnd')}{' '}
      <a className="text-maple-700 underline" href="/privacy-policy" target="_blank" rel="noreferrer">
        {t('signup.privacy')}
      </a>
      .
    </p>
  );

  if (details) {
    return (
      <form key="code" onSubmit={submitCode} noValidate className="space-y-4">
        <p className="text-sm text-gray-700">{t('signup.codeIntro', { phone: details.phoneNumber })}</p>
        <Field label={t('fields.otp')} error={otpError ?? undefined} required>
          {(p) => (
            <Input
              {...p}
              value={otp}
              onChange={(e) => setOtp(e.target.value.replace(/\D/g, '').slice(0, 6))}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
            />
          )}
        </Field>
        {legal}
        <Button type="submit" loading={signup.isPending} className="w-full">
          {t('signup.submit')}
        </Button>
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <button type="button" className="text-maple-700 underline" onClick={() => setDetails(null)}>
            {t('signup.back')}
          </button>
          <ResendCodeButton
            secondsLeft={countdown.left}
            sending={sendOtp.isPending}
            onResend={() => requestCode(details)}
          />
        </div>
        <RequestError error={sendOtp.error} />
      </form>
    );
  }

  return (
    <form key="details" onSubmit={submitDetails} noValidate className="space-y-4">
      <Field label={t('fields.fullName')} error={fieldError(t, errors.fullName?.message)} required>
        {(p) => <Input {...p} autoComplete="name" {...form.register('fullName')} />}
      </Field>
      <Field label={t('fields.email')} error={fieldError(t, errors.email?.message)} required>
        {(p) => <Input {...p} type="email" autoComplete="email" {...form.register('email')} />}
      </Field>
      <Field
        label={t('fields.phone')}
        hint={t('fields.phoneHint')}
        error={fieldError(t, errors.phoneNumber?.message)}
        required
      >
        {(p) => <Input {...p} type="tel" autoComplete="tel" {...form.register('phoneNumber')} />}
      </Field>
      <Field label={t('fields.province')} error={fieldError(t, errors.province?.message)} required>
        {(p) => (
          <select {...p} className={inputClasses(Boolean(errors.province))} {...form.register('province')}>
            {provinceCodes.map((code) => (
              <option key={code} value={code}>
                {provinceNames[code][lang]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label={t('fields.password')}
        hint={t('fields.passwordHint')}
        error={fieldError(t, errors.password?.message)}
        required
      >
        {(p) => <Input {...p} type="password" autoComplete="new-password" {...form.register('password')} />}
      </Field>
      {legal}
      <RequestError error={sendOtp.error} />
      <Button type="submit" loading={sendOtp.isPending} className="w-full">
        {t('signup.sendCode')}
      </Button>
      <BackToLogin onView={onView} />
    </form>
  );
}

const resetSchema = z.object({ otp: otpSchema, password: passwordSchema });

function ForgotForm({ onView }: { onView: (view: View) => void }) {
  const { t } = useTranslation('auth');
  // A code sent in the last minutes (the dialog was closed and reopened): back to the code step.
  const [resumed] = useState(currentPendingReset);
  const [phone, setPhone] = useState<string | null>(resumed?.phone ?? null);
  const [phoneInput, setPhoneInput] = useState(resumed?.phone ?? '');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const askCode = useForgotPasswordOtp();
  const getToken = useForgotPasswordToken();
  const reset = useResetPassword();
  const countdown = useRestartableCountdown(secondsBeforeResend(resumed));
  const form = useForm({ resolver: zodResolver(resetSchema), defaultValues: { otp: '', password: '' } });
  const { errors } = form.formState;

  const request = (value: string) => {
    const parsed = phoneNumberSchema.safeParse(value);
    if (!parsed.success) {
      setPhoneError(t('errors:PHONE_INVALID'));
      return;
    }
    setPhoneError(null);
    askCode.mutate(parsed.data, {
      onSuccess: (res) => {
        rememberPendingReset(parsed.data, res.expiresInSeconds, res.resendInSeconds);
        setPhone(parsed.data);
        countdown.start(res.resendInSeconds);
      },
      onError: (error) => {
        // A code was sent to this number moments ago: the buyer has it, so let them enter it.
        if (isApiError(error) && error.code === 'OTP_RESEND_TOO_SOON') {
          const known = currentPendingReset();
          setPhone(parsed.data);
          countdown.start(known?.phone === parsed.data ? secondsBeforeResend(known) : 60);
          askCode.reset();
        }
      },
    });
  };

  const submit = form.handleSubmit(async ({ otp, password }) => {
    if (!phone) return;
    try {
      const { token } = await getToken.mutateAsync({ phoneNumber: phone, otp });
      await reset.mutateAsync({ token, password });
      forgetPendingReset();
      toast.success(t('forgot.done'));
      onView('login');
    } catch {
      // shown below
    }
  });
  const error = getToken.error ?? reset.error;

  if (!phone) {
    return (
      <form
        key="phone"
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          request(phoneInput);
        }}
      >
        <p className="text-sm text-gray-700">{t('forgot.intro')}</p>
        <Field
          label={t('fields.phone')}
          hint={t('fields.phoneHint')}
          error={phoneError ?? (askCode.error ? errorMessage(t, askCode.error) : undefined)}
          required
        >
          {(p) => (
            <Input
              {...p}
              type="tel"
              autoComplete="tel"
              value={phoneInput}
              onChange={(e) => setPhoneInput(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" loading={askCode.isPending} className="w-full">
          {t('forgot.sendCode')}
        </Button>
        <BackToLogin onView={onView} />
      </form>
    );
  }
  return (
    <form key="reset" onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-gray-700">{t('forgot.codeIntro')}</p>
      <Field label={t('fields.otp')} error={fieldError(t, errors.otp?.message)} required>
        {(p) => (
          <Input
            {...p}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            {...form.register('otp')}
          />
        )}
      </Field>
      <Field
        label={t('fields.newPassword')}
        hint={t('fields.passwordHint')}
        error={fieldError(t, errors.password?.message)}
        required
      >
        {(p) => <Input {...p} type="password" autoComplete="new-password" {...form.register('password')} />}
      </Field>
      <RequestError error={error} />
      <Button type="submit" loading={getToken.isPending || reset.isPending} className="w-full">
        {t('forgot.submit')}
      </Button>
      <p className="text-center text-sm">
        <ResendCodeButton
          secondsLeft={countdown.left}
          sending={askCode.isPending}
          onResend={() => request(phone)}
        />
      </p>
      <p className="text-center text-sm">
        <button
          type="button"
          className="text-maple-700 underline"
          onClick={() => {
            forgetPendingReset();
            setPhone(null);
          }}
        >
          {t('forgot.otherNumber')}
        </button>
      </p>
    </form>
  );
}
