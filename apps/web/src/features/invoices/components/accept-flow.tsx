import { useEffect, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { invoiceAcceptanceTerms } from '@maplesource/contracts/invoice-terms';
import type { Invoice } from '@maplesource/contracts/invoices';
import { normalizePostalCode, provinceNames } from '@maplesource/contracts/provinces';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { to } from '../../../config/paths';
import { useFormat } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { toast } from '../../../lib/toast-store';
import { useAcceptInvoice } from '../api/accept-invoice';
import {
  acceptFlowReducer,
  acceptSteps,
  initialAcceptFlow,
  type AcceptFlowState,
  type FlowAddress,
} from '../model/accept-flow';
import { AddressStep } from './address-step';
import { SignatureStep } from './signature-step';
import { randomUuid } from '../../../lib/random-uuid';

export function checkoutPath(orderId: string, kind: Invoice['kind']): string {
  return `${to('checkout')}?${new URLSearchParams({ order: orderId, kind }).toString()}`;
}

function AddressSummary({ address }: { address: FlowAddress }) {
  const { i18n } = useTranslation();
  const lang = i18n.language.startsWith('fr') ? 'fr' : 'en';
  return (
    <address className="text-sm whitespace-pre-line text-gray-900 not-italic">
      {[
        address.fullName,
        address.line1,
        address.line2,
        `${address.city}, ${address.province ? provinceNames[address.province][lang] : ''} ${normalizePostalCode(address.postalCode)}`,
        'Canada',
        address.phone,
      ]
        .filter(Boolean)
        .join('\n')}
    </address>
  );
}

/**
 * docs/product.md §4 accept flow: address → signature → confirmation, then `invoice/accept` and the checkout. The request
 * carries one Idempotency-Key per attempt (made when the confirmation step opens; going back to change anything
 * starts a new attempt), so a double click or a retry after a lost answer gets the same single order.
 */
export function AcceptFlow({
  invoice,
  termsLanguage,
  languageToggle,
  onCancel,
}: {
  invoice: Invoice;
  termsLanguage: 'en' | 'fr';
  languageToggle?: React.ReactNode;
  onCancel: () => void;
}) {
  const { t } = useTranslation('invoices');
  const format = useFormat();
  const navigate = useNavigate();
  const accept = useAcceptInvoice();
  const [state, dispatch] = useReducer(
    acceptFlowReducer,
    {
      invoiceToken: invoice.token,
      invoiceAmount: invoice.totalCents,
      invoiceType: invoice.kind,
      deliveryProvince: invoice.deliveryProvince,
    },
    initialAcceptFlow,
  );
  const [attemptKey, setAttemptKey] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    // Each new step is announced by moving focus to its heading (not on first show: the page keeps its focus).
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
    setAttemptKey(state.currentStep === 'confirmation' ? randomUuid() : null);
  }, [state.currentStep]);

  const submit = () => {
    if (accept.isPending || !attemptKey || !state.signature) return;
    accept.mutate(
      {
        kind: invoice.kind,
        idempotencyKey: attemptKey,
        body: {
          invoiceToken: invoice.token,
          shippingAddress: toRequestAddress(state.shippingAddress),
          billingAddress:
            state.isBillingSameAsShipping || !state.billingAddress
              ? null
              : toRequestAddress(state.billingAddress),
          isBillingSameAsShipping: state.isBillingSameAsShipping,
          signature: state.signature,
          termsVersion: invoiceAcceptanceTerms.version,
          termsLanguage,
        },
      },
      {
        onSuccess: (response) => {
          toast.success(t('toast.accepted'));
          void navigate(checkoutPath(response.orderId, response.kind));
        },
        onError: (error) => toast.error(`${t('toast.decisionFailed')} ${errorMessage(t, error)}`),
      },
    );
  };

  const stepIndex = acceptSteps.indexOf(state.currentStep);
  return (
    <section
      aria-labelledby="accept-flow-heading"
      className="space-y-4 rounded-lg border border-maple-200 p-4 print:hidden"
    >
      <ol className="flex flex-wrap gap-2 text-sm" aria-label={t('flow.steps')}>
        {acceptSteps.map((step, index) => (
          <li
            key={step}
            aria-current={step === state.currentStep ? 'step' : undefined}
            className={cn(
              'rounded-full px-3 py-1',
              step === state.currentStep
                ? 'bg-maple-700 text-white'
                : index < stepIndex
                  ? 'bg-maple-100 text-maple-900'
                  : 'bg-gray-100 text-gray-700',
            )}
          >
            {t('flow.stepOf', {
              index: index + 1,
              total: acceptSteps.length,
              name: t(`flow.stepNames.${step}`),
            })}
          </li>
        ))}
      </ol>
      <h2
        id="accept-flow-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-gray-900"
      >
        {t(`flow.stepNames.${state.currentStep}`)}
      </h2>
      {state.currentStep === 'address' ? (
        <AddressStep
          state={state}
          onSameChange={(same) => dispatch({ type: 'setBillingSameAsShipping', same })}
          onDone={(values) => {
            dispatch({ type: 'setBillingSameAsShipping', same: values.isBillingSameAsShipping });
            dispatch({ type: 'setShipping', address: fromForm(values.shippingAddress) });
            if (!values.isBillingSameAsShipping && values.billingAddress) {
              dispatch({ type: 'setBilling', address: fromForm(values.billingAddress) });
            }
            dispatch({ type: 'goTo', step: 'signature' });
          }}
        />
      ) : null}
      {state.currentStep === 'signature' ? (
        <SignatureStep
          termsLanguage={termsLanguage}
          languageToggle={languageToggle}
          defaultName={state.shippingAddress.fullName}
          initial={state.signature}
          onBack={() => dispatch({ type: 'goTo', step: 'address' })}
          onSigned={(signature) => {
            dispatch({ type: 'setSignature', signature });
            dispatch({ type: 'goTo', step: 'confirmation' });
          }}
        />
      ) : null}
      {state.currentStep === 'confirmation' ? (
        <Confirmation state={state} total={format.money(invoice.totalCents)} />
      ) : null}
      {state.currentStep === 'confirmation' ? (
        <div className="space-y-2">
          {accept.error ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {t('toast.decisionFailed')} {errorMessage(t, accept.error)}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-between gap-2">
            <Button
              type="button"
              variant="secondary"
              onClick={() => dispatch({ type: 'goTo', step: 'signature' })}
            >
              {t('flow.back')}
            </Button>
            <Button type="button" loading={accept.isPending} onClick={submit}>
              {t('flow.acceptAndPay')}
            </Button>
          </div>
        </div>
      ) : null}
      <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
        {t('flow.cancel')}
      </Button>
    </section>
  );
}

function Confirmation({ state, total }: { state: AcceptFlowState; total: string }) {
  const { t } = useTranslation('invoices');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div>
        <h3 className="text-sm font-semibold text-gray-900">{t('address.shipping')}</h3>
        <AddressSummary address={state.shippingAddress} />
      </div>
      <div>
        <h3 className="text-sm font-semibold text-gray-900">{t('address.billing')}</h3>
        {state.isBillingSameAsShipping ? (
          <p className="text-sm text-gray-700">{t('address.sameAsShipping')}</p>
        ) : null}
        {state.billingAddress ? <AddressSummary address={state.billingAddress} /> : null}
      </div>
      <div>
        <h3 className="text-sm font-semibold text-gray-900">
          {t('signature.signedBy', { name: state.signature?.fullName ?? '' })}
        </h3>
        {state.signature ? (
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(state.signature.svg)}`}
            alt={t('signature.preview', { name: state.signature.fullName })}
            className="mt-1 h-16 w-auto rounded border border-gray-200 bg-white"
          />
        ) : null}
      </div>
      <div>
        <h3 className="text-sm font-semibold text-gray-900">{t('summary.total')}</h3>
        <p className="text-lg font-semibold text-gray-900">{total}</p>
        <p className="text-sm text-gray-700">{t('flow.irreversible')}</p>
      </div>
    </div>
  );
}

/** The validated form address (postal code normalised by the schema) as the flow stores it. */
function fromForm(address: {
  fullName: string;
  line1: string;
  line2: string | null;
  city: string;
  province: FlowAddress['province'];
  postalCode: string;
  phone: string | null;
  addressType: FlowAddress['addressType'];
}): FlowAddress {
  return { ...address, country: 'CA' };
}

function toRequestAddress(address: FlowAddress) {
  const { province, ...rest } = address;
  if (!province) throw new Error('province missing after validation');
  return { ...rest, province };
}
