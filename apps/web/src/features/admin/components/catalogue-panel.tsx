import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCategory } from '@maplesource/contracts/content';
import { Button } from '../../../components/ui/button';
import { Field, inputClasses } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/http';
import { toast } from '../../../lib/toast-store';
import {
  renameCategory,
  setSellerVerified,
  useAdminCategories,
  useAdminMutation,
  useAdminSellers,
} from '../api/site-admin';
import { Pager, QueryState } from './query-state';

/** Categories (EN/FR names) and sellers (verified badge). */
export function CataloguePanel() {
  const { t } = useTranslation('admin');
  const [kind, setKind] = useState<'product' | 'service'>('product');
  const categories = useAdminCategories(kind);
  return (
    <div className="space-y-8">
      <section aria-labelledby="admin-categories">
        <h2 id="admin-categories" className="text-lg font-semibold">
          {t('catalogue.categories')}
        </h2>
        <Field label={t('catalogue.kind')} className="mt-2 max-w-xs">
          {(p) => (
            <select
              {...p}
              className={inputClasses()}
              value={kind}
              onChange={(e) => setKind(e.target.value as 'product' | 'service')}
            >
              <option value="product">{t('catalogue.products')}</option>
              <option value="service">{t('catalogue.services')}</option>
            </select>
          )}
        </Field>
        <QueryState
          isPending={categories.isPending}
          error={categories.error}
          isEmpty={categories.data?.items.length === 0}
          onRetry={() => void categories.refetch()}
        >
          <ul className="mt-3 divide-y divide-gray-100">
            {categories.data?.items.map((c) => (
              <CategoryRow key={c.id} category={c} />
            ))}
          </ul>
        </QueryState>
      </section>
      <SellersSection />
    </div>
  );
}

function CategoryRow({ category }: { category: AdminCategory }) {
  const { t } = useTranslation('admin');
  const [nameEn, setNameEn] = useState(category.nameEn);
  const [nameFr, setNameFr] = useState(category.nameFr);
  const save = useAdminMutation(renameCategory);
  const dirty = nameEn !== category.nameEn || nameFr !== category.nameFr;
  return (
    <li className={`flex flex-wrap items-end gap-3 py-2 ${category.parentId ? 'pl-6' : ''}`}>
      <span className="w-40 font-mono text-xs text-gray-500">{category.slug}</span>
      <Field label={t('catalogue.nameEn')} hideLabel>
        {(p) => (
          <input
            {...p}
            className={inputClasses(false, 'w-56')}
            value={nameEn}
            onChange={(e) => setNameEn(e.target.value)}
          />
        )}
      </Field>
      <Field label={t('catalogue.nameFr')} hideLabel>
        {(p) => (
          <input
            {...p}
            lang="fr"
            className={inputClasses(false, 'w-56')}
            value={nameFr}
            onChange={(e) => setNameFr(e.target.value)}
          />
        )}
      </Field>
      <Button
        size="sm"
        disabled={!dirty || save.isPending}
        onClick={() =>
          save.mutate(
            { id: category.id, nameEn, nameFr },
            { onSuccess: () => toast.success(t('saved')), onError: (e) => toast.error(errorMessage(t, e)) },
          )
        }
      >
        {t('save')}
      </Button>
    </li>
  );
}

function SellersSection() {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const sellers = useAdminSellers(page, q);
  const verify = useAdminMutation(setSellerVerified);
  return (
    <section aria-labelledby="admin-sellers">
      <h2 id="admin-sellers" className="text-lg font-semibold">
        {t('catalogue.sellers')}
      </h2>
      <Field label={t('catalogue.searchSellers')} className="mt-2 max-w-xs">
        {(p) => (
          <input
            {...p}
            type="search"
            className={inputClasses()}
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
              setPage(1);
            }}
          />
        )}
      </Field>
      <QueryState
        isPending={sellers.isPending}
        error={sellers.error}
        isEmpty={sellers.data?.items.length === 0}
        onRetry={() => void sellers.refetch()}
      >
        <ul className="mt-3 divide-y divide-gray-100 text-sm">
          {sellers.data?.items.map((s) => (
            <li key={s.id} className="flex items-center justify-between gap-3 py-2">
              <span>
                {s.name} <span className="font-mono text-xs text-gray-500">{s.slug}</span>
              </span>
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={s.verified}
                  onChange={(e) =>
                    verify.mutate(
                      { id: s.id, verified: e.target.checked },
                      {
                        onSuccess: () => toast.success(t('saved')),
                        onError: (err) => toast.error(errorMessage(t, err)),
                      },
                    )
                  }
                />
                {t('catalogue.verified')}
              </label>
            </li>
          ))}
        </ul>
        {sellers.data ? (
          <Pager page={page} total={sellers.data.total} pageSize={sellers.data.pageSize} onPage={setPage} />
        ) : null}
      </QueryState>
    </section>
  );
}
