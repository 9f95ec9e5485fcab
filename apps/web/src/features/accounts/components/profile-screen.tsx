import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  updateProfileRequestSchema,
  type Address,
  type UpdateProfileRequest,
} from '@maplesource/contracts/accounts';
import {
  avatarChoices,
  changePasswordRequestSchema,
  paymentMethods,
  type ChangePasswordRequest,
  type UserProfile,
} from '@maplesource/contracts/auth';
import { fullyTranslatedLanguages, languageNames, textLanguageOf } from '@maplesource/contracts/languages';
import { provinceCodes, provinceNames, type ProvinceCode } from '@maplesource/contracts/provinces';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Field, Input, inputClasses } from '../../../components/ui/field';
import { EmptyState, LoadError } from '../../../components/ui/query-states';
import { Modal } from '../../../components/ui/modal';
import { Skeleton, SkeletonText } from '../../../components/ui/skeleton';
import { to } from '../../../config/paths';
import { fieldError } from '../../../lib/field-error';
import { formatDate } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { setLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/toast-store';
import { useProfile } from '../api/get-profile';
import { useAddresses } from '../api/get-addresses';
import { useCities } from '../api/get-locations';
import { useDeleteAddress } from '../api/delete-address';
import { useSaveAddress } from '../api/save-address';
import { useUpdatePreferences } from '../api/update-preferences';
import { DeleteAccountSection } from './delete-account-section';
import { useUpdateProfile } from '../api/update-profile';
import { AddressModal } from './address-modal';
import { AvatarArt, isAvatarChoice } from './avatar-art';

export function Avatar({
  avatar,
  name,
  className,
}: {
  avatar: string | null | undefined;
  name: string;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex h-16 w-16 items-center justify-center rounded-full bg-maple-50 text-3xl',
        className,
      )}
    >
      {isAvatarChoice(avatar) ? <AvatarArt avatar={avatar} /> : name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** /profile: profile form with avatar picker, preferences, addresses, password; each with its states. */
export function ProfileScreen({
  logoutButton,
  changePassword,
  sendVerificationLink,
}: {
  logoutButton: React.ReactNode;
  changePassword: React.ReactNode;
  /** Re-sends the e-mail verification link (auth feature, composed by the route). */
  sendVerificationLink?: (email: string) => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation('accounts');
  const profile = useProfile();
  if (profile.isPending) {
    return (
      <div className="mx-auto max-w-4xl space-y-4 px-4 py-8" aria-busy="true">
        <Skeleton className="h-16 w-16 rounded-full" />
        <SkeletonText lines={6} />
      </div>
    );
  }
  if (profile.isError) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-16">
        <LoadError message={t('profile.loadError')} onRetry={() => void profile.refetch()} />
      </div>
    );
  }
  const user = profile.data.user;
  return (
    <div className="mx-auto max-w-4xl space-y-10 px-4 py-8">
      <header className="flex flex-wrap items-center gap-4">
        <Avatar avatar={user.avatar} name={user.fullName} />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-semibold text-gray-900">{user.fullName}</h1>
          <p className="text-sm text-gray-600">
            {t('profile.memberId', { id: user.memberId })} ·{' '}
            {t('profile.memberSince', { date: formatDate(user.createdAt, i18n.language) })}
          </p>
          {user.roles.includes('seller') ? (
            <span className="mt-1 inline-block rounded bg-maple-100 px-2 py-0.5 text-xs font-medium text-maple-800">
              {t('profile.sellerBadge')}
            </span>
          ) : (
            // The way in for a business that is not a seller yet: the seller centre holds the application (decision 280).
            <p className="mt-1 text-sm">
              <Link to={to('sellerCentre')} className="text-maple-700 underline">
                {t('profile.applyToSell')}
              </Link>
            </p>
          )}
        </div>
        {logoutButton}
      </header>
      <ProfileForm user={user} {...(sendVerificationLink ? { sendVerificationLink } : {})} />
      <PreferencesForm user={user} />
      <AddressSection />
      {changePassword}
      <DeleteAccountSection />
    </div>
  );
}

function ProfileForm({
  user,
  sendVerificationLink,
}: {
  user: UserProfile;
  sendVerificationLink?: (email: string) => Promise<unknown>;
}) {
  const [sending, setSending] = useState(false);
  const { t, i18n } = useTranslation('accounts');
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  const update = useUpdateProfile();
  const form = useForm<UpdateProfileRequest>({
    resolver: zodResolver(updateProfileRequestSchema),
    defaultValues: {
      fullName: user.fullName,
      email: user.email,
      state: (user.state ?? undefined) as ProvinceCode,
      city: user.city ?? '',
      avatar: user.avatar,
    },
  });
  const { errors } = form.formState;
  const state = form.watch('state');
  const avatar = form.watch('avatar');
  const cities = useCities(state);
  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (data) => {
        toast.success(t('profile.saved'));
        if (data.emailVerificationSent)
          toast.info(t('profile.verifyNewEmail', { email: data.user.pendingEmail }));
        form.reset({ ...values, email: data.user.email });
      },
      onError: (error) => toast.error(`${t('profile.notUpdated')} ${errorMessage(t, error)}`),
    }),
  );
  return (
    <section aria-labelledby="profile-details">
      <h2 id="profile-details" className="text-lg font-semibold text-gray-900">
        {t('profile.details')}
      </h2>
      {user.city ? null : (
        // Signup asks for the province only: say up front that saving needs the city too.
        <p
          role="note"
          className="mt-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {t('profile.cityMissing')}
        </p>
      )}
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-gray-800">{t('profile.avatar')}</legend>
          <div className="mt-2 flex flex-wrap gap-2" role="radiogroup" aria-label={t('profile.avatar')}>
            {avatarChoices.map((choice) => (
              <button
                key={choice}
                type="button"
                role="radio"
                aria-checked={avatar === choice}
                aria-label={t(`avatars.${choice}`)}
                onClick={() => form.setValue('avatar', choice, { shouldDirty: true })}
                className={cn(
                  'rounded-full p-0.5',
                  avatar === choice ? 'ring-2 ring-maple-600' : 'ring-1 ring-gray-200',
                )}
              >
                <Avatar avatar={choice} name={choice} className="h-12 w-12 text-2xl" />
              </button>
            ))}
          </div>
        </fieldset>
        <Field label={t('profile.fullName')} error={fieldError(t, errors.fullName?.message)} required>
          {(p) => <Input {...p} autoComplete="name" {...form.register('fullName')} />}
        </Field>
        <Field
          label={t('profile.email')}
          hint={
            user.pendingEmail
              ? t('profile.pendingEmail', { email: user.pendingEmail })
              : user.emailVerified
                ? t('profile.emailVerified')
                : t('profile.emailUnverified')
          }
          error={fieldError(t, errors.email?.message)}
          required
        >
          {(p) => <Input {...p} type="email" autoComplete="email" {...form.register('email')} />}
        </Field>
        {sendVerificationLink && (!user.emailVerified || user.pendingEmail) ? (
          <div className="sm:col-span-2">
            <Button
              type="button"
              size="sm"
              variant="secondary"
              loading={sending}
              onClick={() => {
                setSending(true);
                sendVerificationLink(user.pendingEmail ?? user.email)
                  .then(() => toast.success(t('profile.linkSent')))
                  .catch((error: unknown) => toast.error(errorMessage(t, error) || t('profile.linkFailed')))
                  .finally(() => setSending(false));
              }}
            >
              {t('profile.resendLink')}
            </Button>
          </div>
        ) : null}
        <Field label={t('profile.phone')} hint={t('profile.phoneHint')}>
          {(p) => <Input {...p} value={user.phoneNumber} readOnly />}
        </Field>
        <Field label={t('profile.country')}>{(p) => <Input {...p} value={user.country} readOnly />}</Field>
        <Field
          label={t('profile.province')}
          error={errors.state ? t('errors:PROVINCE_REQUIRED') : undefined}
          required
        >
          {(p) => (
            <select
              {...p}
              className={inputClasses(Boolean(errors.state))}
              {...form.register('state', { onChange: () => form.setValue('city', '') })}
            >
              <option value="">{t('address.chooseProvince')}</option>
              {provinceCodes.map((code) => (
                <option key={code} value={code}>
                  {provinceNames[code][lang]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={t('profile.city')}
          hint={user.city ? undefined : t('profile.cityHint')}
          error={fieldError(t, errors.city?.message)}
          required
        >
          {(p) => (
            <select
              {...p}
              className={inputClasses(Boolean(errors.city))}
              {...form.register('city')}
              disabled={!state}
            >
              <option value="">{state ? t('address.chooseCity') : t('address.provinceFirst')}</option>
              {(cities.data?.items ?? (user.city ? [user.city] : [])).map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="sm:col-span-2">
          <Button type="submit" loading={update.isPending}>
            {t('save')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function PreferencesForm({ user }: { user: UserProfile }) {
  const { t, i18n } = useTranslation('accounts');
  const update = useUpdatePreferences();
  const [methods, setMethods] = useState(user.preferences.preferredPaymentMethods);
  const [language, chooseLanguage] = useState(user.preferences.preferredLanguage);
  const save = () =>
    update.mutate(
      { preferredPaymentMethods: methods, preferredLanguage: language, preferredCurrency: 'CAD' },
      {
        onSuccess: () => {
          toast.success(t('preferences.saved'));
          // The preferred language is the page's too (decision 210): the page follows the choice, so that the
          // stored language and the page's stay in step.
          if (textLanguageOf(i18n.language) !== language) void setLanguage(language, i18n);
        },
        onError: (e) => toast.error(errorMessage(t, e)),
      },
    );
  return (
    <section aria-labelledby="profile-preferences">
      <h2 id="profile-preferences" className="text-lg font-semibold text-gray-900">
        {t('preferences.title')}
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <fieldset>
          <legend className="text-sm font-medium text-gray-800">{t('preferences.paymentMethods')}</legend>
          {paymentMethods.map((method) => (
            <label key={method} className="mt-2 flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={methods.includes(method)}
                onChange={(e) =>
                  setMethods((m) => (e.target.checked ? [...m, method] : m.filter((x) => x !== method)))
                }
              />
              {t(`preferences.methods.${method}`)}
            </label>
          ))}
        </fieldset>
        <div className="space-y-4">
          <Field label={t('preferences.currency')}>{(p) => <Input {...p} value="CAD" readOnly />}</Field>
          <Field label={t('preferences.language')}>
            {(p) => (
              <select
                {...p}
                className={inputClasses()}
                value={language}
                onChange={(e) => chooseLanguage(e.target.value as typeof language)}
              >
                {fullyTranslatedLanguages.map((code) => (
                  <option key={code} value={code}>
                    {languageNames[code]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      </div>
      <Button className="mt-4" onClick={save} loading={update.isPending}>
        {t('save')}
      </Button>
    </section>
  );
}

function AddressSection() {
  const { t, i18n } = useTranslation('accounts');
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  const addresses = useAddresses();
  const remove = useDeleteAddress();
  const save = useSaveAddress();
  const [editing, setEditing] = useState<Address | null | 'new'>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const confirmDelete = (a: Address) =>
    remove.mutateAsync(a.id).then(
      () => {
        setDeleting(null);
        toast.success(t('address.deleted'));
      },
      (e: unknown) => toast.error(errorMessage(t, e)),
    );
  const makeDefault = (a: Address) =>
    save.mutate(
      { ...a, isDefaultShipping: true, country: 'Canada' },
      { onError: (e) => toast.error(errorMessage(t, e)) },
    );
  return (
    <section aria-labelledby="profile-addresses">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="profile-addresses" className="text-lg font-semibold text-gray-900">
          {t('address.title')}
        </h2>
        <Button variant="secondary" onClick={() => setEditing('new')}>
          {t('address.add')}
        </Button>
      </div>
      {addresses.isPending ? (
        <div className="mt-4" aria-busy="true">
          <SkeletonText lines={3} />
        </div>
      ) : addresses.isError ? (
        <div className="mt-4">
          <LoadError compact message={t('address.loadError')} onRetry={() => void addresses.refetch()} />
        </div>
      ) : addresses.data.items.length === 0 ? (
        <div className="mt-4">
          <EmptyState title={t('address.empty')} />
        </div>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {addresses.data.items.map((a) => (
            <li key={a.id} className="rounded-lg border border-gray-200 p-4" data-testid="address-card">
              <p className="font-medium text-gray-900">{a.street}</p>
              <p className="text-sm text-gray-700">
                {a.city}, {provinceNames[a.province][lang]} {a.postalCode}
              </p>
              <p className="text-sm text-gray-700">{a.country}</p>
              {a.isDefaultShipping ? (
                <span className="mt-2 inline-block rounded bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
                  {t('address.isDefault')}
                </span>
              ) : null}
              <div className="mt-3 flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setEditing(a)}
                  aria-label={t('address.editLabel', { street: a.street })}
                >
                  {t('edit')}
                </Button>
                {a.isDefaultShipping ? null : (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => makeDefault(a)}
                    loading={save.isPending && save.variables?.id === a.id}
                  >
                    {t('address.makeDefault')}
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t('address.deleteLabel', { street: a.street })}
                  onClick={() => setDeleting(a)}
                >
                  {t('delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <AddressModal address={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      {/* The confirmation modal of docs/product.md §2 (not the browser's confirm()). */}
      <Modal
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('address.confirmDelete')}
        closeLabel={t('cancel')}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              {t('cancel')}
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() => {
                if (deleting) void confirmDelete(deleting);
              }}
            >
              {t('delete')}
            </Button>
          </>
        }
      >
        <p className="text-sm text-gray-700">
          {deleting ? t('address.confirmDeleteText', { street: deleting.street }) : null}
        </p>
      </Modal>
    </section>
  );
}

export function ChangePasswordForm({
  onSubmit,
  pending,
  error,
}: {
  onSubmit: (values: ChangePasswordRequest) => Promise<unknown>;
  pending: boolean;
  error: unknown;
}) {
  const { t } = useTranslation('accounts');
  const form = useForm<ChangePasswordRequest>({
    resolver: zodResolver(changePasswordRequestSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      toast.success(t('password.changed'));
      form.reset();
    } catch {
      // shown below
    }
  });
  return (
    <section aria-labelledby="profile-password">
      <h2 id="profile-password" className="text-lg font-semibold text-gray-900">
        {t('password.title')}
      </h2>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field label={t('password.current')} error={fieldError(t, errors.currentPassword?.message)} required>
          {(p) => (
            <Input
              {...p}
              type="password"
              autoComplete="current-password"
              {...form.register('currentPassword')}
            />
          )}
        </Field>
        <Field
          label={t('password.new')}
          hint={t('password.rules')}
          error={fieldError(t, errors.newPassword?.message)}
          required
        >
          {(p) => (
            <Input {...p} type="password" autoComplete="new-password" {...form.register('newPassword')} />
          )}
        </Field>
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2">
            {errorMessage(t, error) || t('password.failed')}
          </p>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" loading={pending}>
            {t('password.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
