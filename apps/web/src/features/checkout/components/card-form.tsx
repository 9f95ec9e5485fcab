import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { useFormat } from '../../../lib/format';
import {
  cvcLengthFor,
  digitsOnly,
  formatCardNumber,
  formatExpiry,
  hasCardErrors,
  validateCard,
  type CardField,
  type CardInput,
} from '../model/card-form';

const empty: CardInput = { number: '', expiry: '', cvc: '', postalCode: '' };

/**
 * The card form (docs/product.md §2 checkout): number with brand (Luhn by card-validator), expiry MM/YY not past, CVC 3 or 4
 * (American Express), Canadian postal code; errors inline under each field once it was left or the form submitted.
 * The number and CVC are cleared as soon as the submit has handed them to the provider.
 */
export function CardForm({
  amountCents,
  submitting,
  onSubmit,
}: {
  amountCents: number;
  submitting: boolean;
  onSubmit: (card: CardInput) => Promise<void>;
}) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  const [card, setCard] = useState<CardInput>(empty);
  const [touched, setTouched] = useState<Partial<Record<CardField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const validation = validateCard(card);
  const errorOf = (field: CardField) => {
    const error = validation.errors[field];
    return error && (submitted || touched[field]) ? t(`card.errors.${error}`) : undefined;
  };
  const set = (field: CardField, value: string) => setCard((current) => ({ ...current, [field]: value }));
  const leave = (field: CardField) => () => setTouched((current) => ({ ...current, [field]: true }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasCardErrors(validation)) {
      const firstInvalid = event.currentTarget.querySelector<HTMLInputElement>('[aria-invalid="true"]');
      firstInvalid?.focus();
      return;
    }
    const toSend = card;
    // The number and CVC leave the page's state with this submit, whatever its outcome.
    setCard((current) => ({ ...current, number: '', cvc: '' }));
    setSubmitted(false);
    setTouched({});
    await onSubmit(toSend);
  };

  const cvcLength = cvcLengthFor(validation.brand);
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-4"
      aria-label={t('card.formLabel')}
    >
      <Field
        label={t('card.number')}
        required
        error={errorOf('number')}
        hint={validation.brandLabel ? t('card.brand', { brand: validation.brandLabel }) : undefined}
      >
        {(p) => (
          <Input
            {...p}
            name="cardnumber"
            autoComplete="cc-number"
            inputMode="numeric"
            placeholder="1234 1234 1234 1234"
            maxLength={23}
            value={card.number}
            onChange={(e) => set('number', formatCardNumber(e.target.value))}
            onBlur={leave('number')}
          />
        )}
      </Field>
      <div className="grid grid-cols-1 gap-4 min-[360px]:grid-cols-2">
        <Field label={t('card.expiry')} required error={errorOf('expiry')} hint={t('card.expiryHint')}>
          {(p) => (
            <Input
              {...p}
              name="cc-exp"
              autoComplete="cc-exp"
              inputMode="numeric"
              placeholder={t('card.expiryPlaceholder')}
              maxLength={5}
              value={card.expiry}
              onChange={(e) => set('expiry', formatExpiry(e.target.value))}
              onBlur={leave('expiry')}
            />
          )}
        </Field>
        <Field
          label={t('card.cvc')}
          required
          error={errorOf('cvc')}
          hint={t(cvcLength === 4 ? 'card.cvcHint4' : 'card.cvcHint3')}
        >
          {(p) => (
            <Input
              {...p}
              name="cvc"
              autoComplete="cc-csc"
              inputMode="numeric"
              maxLength={4}
              value={card.cvc}
              onChange={(e) => set('cvc', digitsOnly(e.target.value).slice(0, 4))}
              onBlur={leave('cvc')}
            />
          )}
        </Field>
      </div>
      <BillingPostalCodeField
        value={card.postalCode}
        error={errorOf('postalCode')}
        onChange={(value) => set('postalCode', value)}
        onBlur={leave('postalCode')}
      />
      <Button type="submit" size="lg" className="w-full" loading={submitting}>
        {t('card.pay', { amount: format.money(amountCents) })}
      </Button>
      <p className="text-xs text-gray-600">{t('card.secureNote')}</p>
    </form>
  );
}

/** The billing postal code (Canadian format), shared by the sandbox form and the Stripe form. */
export function BillingPostalCodeField({
  value,
  error,
  disabled,
  onChange,
  onBlur,
}: {
  value: string;
  error: string | undefined;
  disabled?: boolean;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const { t } = useTranslation('payments');
  return (
    <Field label={t('card.postalCode')} required error={error} hint={t('card.postalHint')}>
      {(p) => (
        <Input
          {...p}
          name="postal"
          autoComplete="billing postal-code"
          maxLength={7}
          placeholder="A1A 1A1"
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value.toUpperCase())}
          onBlur={onBlur}
        />
      )}
    </Field>
  );
}
