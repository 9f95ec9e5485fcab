import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type {
  SellerItemAction,
  SellerItemKind,
  SellerItemStatus,
  SellerItemSummary,
} from '@maplesource/contracts/seller-catalogue';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-states';
import { errorMessage } from '../../../lib/http';
import { randomUuid } from '../../../lib/random-uuid';
import { toast } from '../../../lib/toast-store';
import { useChangeSellerItemStatus } from '../api/change-seller-item-status';
import { useDuplicateSellerItem } from '../api/duplicate-seller-item';
import { useSellerItems } from '../api/list-seller-items';

const actionsFor: Record<SellerItemStatus, SellerItemAction[]> = {
  draft: ['publish', 'archive'],
  active: ['unpublish', 'archive'],
  archived: [],
};

/**
 * A storefront's products or services (decision 287) with their status, filtered by status, and the actions each
 * allows: edit, publish or unpublish, archive (after a confirmation), duplicate.
 */
export function ItemList({
  kind,
  sellerId,
  editPath,
}: {
  kind: SellerItemKind;
  sellerId: number;
  editPath: (id: string) => string;
}) {
  const { t, i18n } = useTranslation('sellerCatalogue');
  const [status, setStatus] = useState<SellerItemStatus | undefined>(undefined);
  const [page, setPage] = useState(1);
  const items = useSellerItems(kind, sellerId, { status, page });
  const change = useChangeSellerItemStatus(kind);
  const duplicate = useDuplicateSellerItem(kind);
  const name = (item: SellerItemSummary) => (i18n.language === 'fr' ? item.nameFr : item.nameEn);

  const act = (item: SellerItemSummary, action: SellerItemAction) => {
    if (action === 'archive' && !window.confirm(t('list.confirmArchive', { name: name(item) }))) return;
    change.mutate(
      { id: item.id, action, key: randomUuid() },
      {
        onSuccess: () => toast.success(t(`list.done.${action}`, { name: name(item) })),
        onError: (error) => toast.error(errorMessage(t, error)),
      },
    );
  };

  return (
    <section aria-labelledby={`${kind}-list`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${kind}-list`} className="text-lg font-semibold text-gray-900">
          {t(`list.title.${kind}`)}
        </h2>
        <label className="flex items-center gap-2 text-sm text-gray-800">
          {t('list.statusFilter')}
          <select
            className="rounded-md border border-gray-300 px-2 py-1"
            value={status ?? ''}
            onChange={(e) => {
              setStatus((e.target.value || undefined) as SellerItemStatus | undefined);
              setPage(1);
            }}
          >
            <option value="">{t('list.all')}</option>
            <option value="draft">{t('status.draft')}</option>
            <option value="active">{t('status.active')}</option>
            <option value="archived">{t('status.archived')}</option>
          </select>
        </label>
      </div>
      <QueryState
        isPending={items.isPending}
        error={items.error}
        onRetry={() => void items.refetch()}
        isEmpty={items.data?.items.length === 0}
        emptyTitle={t(`list.empty.${kind}`)}
      >
        {items.data ? (
          <>
            <ul className="divide-y divide-gray-200 rounded-md border border-gray-200 bg-white">
              {items.data.items.map((item) => (
                <li key={item.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1">
                    <Link to={editPath(item.id)} className="font-medium break-words text-maple-700 underline">
                      {name(item)}
                    </Link>
                    <p className="text-xs text-gray-600">
                      {item.sku ? `${t('fields.sku')} ${item.sku} · ` : ''}
                      <span className="font-semibold">{t(`status.${item.status}`)}</span>
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-1">
                    {actionsFor[item.status].map((action) => (
                      <Button
                        key={action}
                        size="sm"
                        variant={action === 'archive' ? 'danger' : 'secondary'}
                        disabled={change.isPending}
                        aria-label={t(`list.actionOf.${action}`, { name: name(item) })}
                        onClick={() => act(item, action)}
                      >
                        {t(`list.action.${action}`)}
                      </Button>
                    ))}
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={duplicate.isPending}
                      aria-label={t('list.actionOf.duplicate', { name: name(item) })}
                      onClick={() =>
                        duplicate.mutate(
                          { id: item.id, key: randomUuid() },
                          {
                            onSuccess: () => toast.success(t('list.done.duplicate', { name: name(item) })),
                            onError: (error) => toast.error(errorMessage(t, error)),
                          },
                        )
                      }
                    >
                      {t('list.action.duplicate')}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
            <Pagination
              total={items.data.total}
              page={items.data.page}
              pageSize={items.data.pageSize}
              onPage={setPage}
            />
          </>
        ) : null}
      </QueryState>
    </section>
  );
}
