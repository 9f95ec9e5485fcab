import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClaimStoreResponse, StorefrontClaim } from '@maplesource/contracts/storefront-claims';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/http';
import { useStartStorefrontClaim, useVerifyStorefrontClaim } from '../api/storefront-claims';

type Channel = 'email' | 'phone';

/**
 * Claiming a storefront (decision 263): prove its listed e-mail domain (a code to an address there) or its listed
 * phone, give the business number, enter the code; the claim then waits for an administrator.
 */
export function ClaimDialog({
  seller,
  methods,
  onClose,
}: {
  seller: { id: string; name: string };
  methods: ClaimStoreResponse;
  onClose: () => void;
}) {
  const { t } = useTranslation('claims');
  const start = useStartStorefrontClaim(seller.id);
  const verify = useVerifyStorefrontClaim();
  const [channel, setChannel] = useState<Channel>(methods.emailDomain ? 'email' : 'phone');
  const [email, setEmail] = useState('');
  const [businessNumber, setBusinessNumber] = useState('');
  const [code, setCode] = useState('');
  const [claim, setClaim] = useState<StorefrontClaim | null>(null);
  const send = (event?: FormEvent) => {
    event?.preventDefault();
    start.mutate(channel === 'email' ? { channel, email, businessNumber } : { channel, businessNumber }, {
      onSuccess: (started) => {
        setClaim(started);
        setCode('');
      },
    });
  };
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!claim) return;
    verify.mutate({ claimId: claim.id, code: code.trim() }, { onSuccess: setClaim });
  };
  const error = start.error ?? verify.error;
  return (
    <Modal open onClose={onClose} title={t('title', { name: seller.name })} closeLabel={t('close')}>
      {claim?.status === 'pending' ? (
        <p role="status" className="text-sm text-gray-800">
          {t('pending', { name: seller.name })}
        </p>
      ) : claim ? (
        <form onSubmit={confirm} className="space-y-3" noValidate>
          <p role="status" className="text-sm break-words text-gray-800">
            {t('codeSent', { destination: claim.destination })}
          </p>
          <Field label={t('code')}>
            {(p) => (
              <Input
                {...p}
                value={code}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                onChange={(e) => setCode(e.target.value)}
              />
            )}
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={verify.isPending}>
              {t('confirm')}
            </Button>
            <Button type="button" variant="secondary" disabled={start.isPending} onClick={() => send()}>
              {t('resend')}
            </Button>
          </div>
        </form>
      ) : (
        <form onSubmit={send} className="space-y-3" noValidate>
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium text-gray-800">{t('how')}</legend>
            {methods.emailDomain ? (
              <label className="flex items-center gap-2 text-sm break-words">
                <input
                  type="radio"
                  name="claim-channel"
                  checked={channel === 'email'}
                  onChange={() => setChannel('email')}
                />
                {t('byEmail', { domain: methods.emailDomain })}
              </label>
            ) : null}
            {methods.phoneHint ? (
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="claim-channel"
                  checked={channel === 'phone'}
                  onChange={() => setChannel('phone')}
                />
                {t('byPhone', { phone: methods.phoneHint })}
              </label>
            ) : null}
          </fieldset>
          {channel === 'email' && methods.emailDomain ? (
            <Field label={t('email', { domain: methods.emailDomain })}>
              {(p) => (
                <Input
                  {...p}
                  type="email"
                  autoComplete="email"
                  value={email}
                  placeholder={`name@${methods.emailDomain}`}
                  onChange={(e) => setEmail(e.target.value)}
                />
              )}
            </Field>
          ) : null}
          <Field label={t('businessNumber')} hint={t('businessNumberHint')}>
            {(p) => (
              <Input
                {...p}
                inputMode="numeric"
                value={businessNumber}
                maxLength={11}
                onChange={(e) => setBusinessNumber(e.target.value)}
              />
            )}
          </Field>
          <Button type="submit" disabled={start.isPending}>
            {t('send')}
          </Button>
        </form>
      )}
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {errorMessage(t, error)}
        </p>
      ) : null}
    </Modal>
  );
}
