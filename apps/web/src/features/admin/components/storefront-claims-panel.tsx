import { useTranslation } from 'react-i18next';
import type { AdminStorefrontClaimGroup } from '@maplesource/contracts/storefront-claims';
import { QueryState } from '../../../components/ui/query-states';
import { errorMessage } from '../../../lib/http';
import { toast } from '../../../lib/toast-store';
import {
  useDecideStorefrontClaim,
  useSetStorefrontClaims,
  useStorefrontClaimQueue,
  useStorefrontClaimSettings,
} from '../api/storefront-claims';
import { QueueDecision, QueueFact, QueueFacts } from './queue-row';

type Claim = AdminStorefrontClaimGroup['claims'][number];

function ClaimRow({
  claim,
  storefront,
}: {
  claim: Claim;
  storefront: AdminStorefrontClaimGroup['storefront'];
}) {
  const { t } = useTranslation('admin');
  const decide = useDecideStorefrontClaim();
  const claimant = claim.claimant.fullName || claim.claimant.email || claim.claimant.id;
  return (
    <li className="space-y-2 rounded-md border border-gray-200 p-3">
      <QueueFacts>
        <QueueFact label={t('storefrontClaims.claimant')} wrap>
          {claim.claimant.fullName} {claim.claimant.email ?? ''}
        </QueueFact>
        <QueueFact label={t('storefrontClaims.businessNumber')}>{claim.businessNumber}</QueueFact>
        <QueueFact label={t('storefrontClaims.proof')} wide wrap>
          {t(claim.channel === 'email' ? 'storefrontClaims.byEmail' : 'storefrontClaims.byPhone', {
            destination: claim.destination,
          })}
        </QueueFact>
      </QueueFacts>
      <QueueDecision
        labels={{
          approve: t('storefrontClaims.approve'),
          refuse: t('storefrontClaims.refuse'),
          reason: t('storefrontClaims.reason'),
        }}
        aria={{
          approve: `${t('storefrontClaims.approve')}: ${claimant}`,
          refuse: `${t('storefrontClaims.refuse')}: ${claimant}`,
        }}
        pending={decide.isPending}
        error={decide.error}
        onApprove={() =>
          decide.mutate(
            { id: claim.id, action: 'approve' },
            {
              onSuccess: () =>
                toast.success(t('storefrontClaims.approved', { name: storefront.name, claimant })),
            },
          )
        }
        onRefuse={(reason) =>
          decide.mutate(
            { id: claim.id, action: 'refuse', reason },
            { onSuccess: () => toast.success(t('storefrontClaims.refused')) },
          )
        }
      />
    </li>
  );
}

function ClaimsSwitch() {
  const { t } = useTranslation('admin');
  const settings = useStorefrontClaimSettings();
  const set = useSetStorefrontClaims();
  if (!settings.data) return null;
  return (
    <div className="space-y-1">
      <label className="flex items-center gap-2 text-sm font-medium text-gray-900">
        <input
          type="checkbox"
          checked={settings.data.claimsOpen}
          disabled={set.isPending}
          aria-describedby="storefront-claims-switch-hint"
          onChange={(event) =>
            set.mutate(event.target.checked, {
              onSuccess: (next) =>
                toast.success(
                  t(next.claimsOpen ? 'storefrontClaims.switchOn' : 'storefrontClaims.switchOff'),
                ),
            })
          }
        />
        {t('storefrontClaims.switch')}
      </label>
      <p id="storefront-claims-switch-hint" className="text-sm text-gray-600">
        {t('storefrontClaims.switchHint')}
      </p>
      {set.error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(t, set.error)}
        </p>
      ) : null}
    </div>
  );
}

/** Storefront claims (decision 263): the switch, and the verified claims grouped by storefront. */
export function StorefrontClaimsPanel() {
  const { t } = useTranslation('admin');
  const queue = useStorefrontClaimQueue();
  const items = queue.data?.items ?? [];
  return (
    <section aria-labelledby="storefront-claims-title" className="space-y-3">
      <h2 id="storefront-claims-title" className="text-lg font-semibold text-gray-900">
        {t('storefrontClaims.title')}
      </h2>
      <ClaimsSwitch />
      <QueryState
        isPending={queue.isPending}
        error={queue.error}
        isEmpty={items.length === 0}
        onRetry={() => void queue.refetch()}
        emptyTitle={t('storefrontClaims.empty')}
      >
        <ul className="space-y-3">
          {items.map((group) => (
            <li
              key={group.storefront.id}
              aria-labelledby={`claim-group-${group.storefront.id}`}
              className="space-y-2 rounded-md border border-gray-200 bg-white p-4"
            >
              <h3
                id={`claim-group-${group.storefront.id}`}
                className="font-semibold break-words text-gray-900"
              >
                {group.storefront.name}
              </h3>
              <p className="text-sm break-words text-gray-700">
                {t('storefrontClaims.contact')}:{' '}
                {[group.storefront.contactEmail, group.storefront.contactPhone].filter(Boolean).join(' · ') ||
                  '—'}
              </p>
              {group.claims.length > 1 ? (
                <p className="text-sm font-medium text-amber-900">{t('storefrontClaims.competing')}</p>
              ) : null}
              <ul className="space-y-2">
                {group.claims.map((claim) => (
                  <ClaimRow key={claim.id} claim={claim} storefront={group.storefront} />
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </QueryState>
    </section>
  );
}
