import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  catalogItemNamesInputSchema,
  categoryNamesInputSchema,
  sellerProfileInputSchema,
  type AdminCatalogItem,
  type AdminCategory,
  type AdminSellerProfile,
} from '@maplesource/contracts/content';
import { businessTypes } from '@maplesource/contracts/catalog';
import { provinceCodes, provinceNames } from '@maplesource/contracts/provinces';
import { Button } from '../../../components/ui/button';
import { Field, inputClasses } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/http';
import { toast } from '../../../lib/toast-store';
import {
  renameCatalogItem,
  renameCategory,
  setSellerVerified,
  updateSellerProfile,
  useAdminCategories,
  useAdminMutation,
  useAdminSellers,
  useCatalogItem,
} from '../api/site-admin';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-states';

/** Categories (EN/FR names), sellers (verified badge, profile) and product/service names. */
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
          deniedMessage={t('denied')}
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
      <ItemRenameSection />
    </div>
  );
}

function CategoryRow({ category }: { category: AdminCategory }) {
  const { t } = useTranslation('admin');
  const save = useAdminMutation(renameCategory);
  const form = useForm({
    resolver: zodResolver(categoryNamesInputSchema),
    defaultValues: { nameEn: category.nameEn, nameFr: category.nameFr },
  });
  const { errors, isDirty } = form.formState;
  const submit = form.handleSubmit((names) =>
    save.mutate(
      { id: category.id, ...names },
      {
        onSuccess: () => {
          form.reset(names);
          toast.success(t('saved'));
        },
        onError: (e) => toast.error(errorMessage(t, e)),
      },
    ),
  );
  return (
    <li className={`py-2 ${category.parentId ? 'pl-6' : ''}`}>
      <form
        className="flex flex-wrap items-end gap-3"
        aria-label={t('catalogue.renameOf', { slug: category.slug })}
        onSubmit={submit}
        noValidate
      >
        <span className="w-40 font-mono text-xs text-gray-500">{category.slug}</span>
        <Field label={t('catalogue.nameEn')} error={errors.nameEn && t('catalogue.invalid')} hideLabel>
          {(p) => (
            <input
              {...p}
              className={inputClasses(Boolean(errors.nameEn), 'w-56')}
              maxLength={120}
              {...form.register('nameEn')}
            />
          )}
        </Field>
        <Field label={t('catalogue.nameFr')} error={errors.nameFr && t('catalogue.invalid')} hideLabel>
          {(p) => (
            <input
              {...p}
              lang="fr"
              className={inputClasses(Boolean(errors.nameFr), 'w-56')}
              maxLength={120}
              {...form.register('nameFr')}
            />
          )}
        </Field>
        <Button type="submit" size="sm" disabled={!isDirty || save.isPending}>
          {t('save')}
        </Button>
      </form>
    </li>
  );
}

function SellersSection() {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const sellers = useAdminSellers(page, q);
  const verify = useAdminMutation(setSellerVerified);
  const [editing, setEditing] = useState<string | null>(null);
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
        deniedMessage={t('denied')}
        isPending={sellers.isPending}
        error={sellers.error}
        isEmpty={sellers.data?.items.length === 0}
        onRetry={() => void sellers.refetch()}
      >
        <ul className="mt-3 divide-y divide-gray-100 text-sm">
          {sellers.data?.items.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
              <span>
                {s.name} <span className="font-mono text-xs text-gray-500">{s.slug}</span>
                <span className="block text-xs text-gray-600">
                  {s.city}, {s.province} · {t(`businessTypes.${s.businessType}`, { ns: 'catalog' })}
                </span>
              </span>
              <Button
                size="sm"
                variant="secondary"
                aria-expanded={editing === s.id}
                onClick={() => setEditing(editing === s.id ? null : s.id)}
              >
                {t('catalogue.editProfile')}
              </Button>
              {editing === s.id ? (
                <SellerProfileForm
                  key={`${s.id}:${s.name}:${s.city}:${s.province}:${s.businessType}`}
                  seller={s}
                  onDone={() => setEditing(null)}
                />
              ) : null}
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
          <Pagination
            page={page}
            total={sellers.data.total}
            pageSize={sellers.data.pageSize}
            onPage={setPage}
          />
        ) : null}
      </QueryState>
    </section>
  );
}

/** Every field of the seller profile form is filled; only the changed ones are sent (the route's schema). */
const sellerProfileFormSchema = z.object(sellerProfileInputSchema.shape).required();

/** Name, city, province and business type of a storefront (the last two are copied onto its items). */
function SellerProfileForm({ seller, onDone }: { seller: AdminSellerProfile; onDone: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language.startsWith('fr') ? 'fr' : 'en';
  const save = useAdminMutation(updateSellerProfile);
  const form = useForm({
    resolver: zodResolver(sellerProfileFormSchema),
    defaultValues: {
      name: seller.name,
      city: seller.city,
      province: seller.province,
      businessType: seller.businessType,
    },
  });
  const { errors } = form.formState;
  const values = form.watch();
  const changed = {
    name: values.name.trim() !== seller.name ? values.name : undefined,
    city: values.city.trim() !== seller.city ? values.city : undefined,
    province: values.province !== seller.province ? values.province : undefined,
    businessType: values.businessType !== seller.businessType ? values.businessType : undefined,
  };
  const dirty = Object.values(changed).some((v) => v !== undefined);
  const submit = form.handleSubmit(() => {
    const edit = sellerProfileInputSchema.safeParse(changed);
    if (!edit.success) return;
    save.mutate(
      { id: seller.id, ...edit.data },
      {
        onSuccess: () => {
          toast.success(t('saved'));
          onDone();
        },
        onError: (e) => toast.error(errorMessage(t, e)),
      },
    );
  });
  return (
    <form
      className="grid w-full gap-3 rounded-md border border-gray-200 bg-gray-50 p-3 sm:grid-cols-2"
      aria-label={t('catalogue.profileOf', { name: seller.name })}
      onSubmit={submit}
      noValidate
    >
      <Field label={t('catalogue.sellerName')} error={errors.name && t('catalogue.invalid')} required>
        {(p) => (
          <input
            {...p}
            className={inputClasses(Boolean(errors.name))}
            maxLength={200}
            {...form.register('name')}
          />
        )}
      </Field>
      <Field label={t('catalogue.city')} error={errors.city && t('catalogue.invalid')} required>
        {(p) => (
          <input
            {...p}
            className={inputClasses(Boolean(errors.city))}
            maxLength={120}
            {...form.register('city')}
          />
        )}
      </Field>
      <Field label={t('catalogue.province')}>
        {(p) => (
          <select {...p} className={inputClasses()} {...form.register('province')}>
            {provinceCodes.map((code) => (
              <option key={code} value={code}>
                {provinceNames[code][lang]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('catalogue.businessType')}>
        {(p) => (
          <select {...p} className={inputClasses()} {...form.register('businessType')}>
            {businessTypes.map((code) => (
              <option key={code} value={code}>
                {t(`businessTypes.${code}`, { ns: 'catalog' })}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" size="sm" disabled={!dirty || save.isPending}>
          {t('save')}
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={onDone}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

/** Rename a product or a service, found by its numeric id or its slug (the slug, and so its address, stays). */
function ItemRenameSection() {
  const { t } = useTranslation('admin');
  const [kind, setKind] = useState<AdminCatalogItem['kind']>('product');
  const [input, setInput] = useState('');
  const [lookup, setLookup] = useState<{ kind: AdminCatalogItem['kind']; idOrSlug: string }>({
    kind: 'product',
    idOrSlug: '',
  });
  const item = useCatalogItem(lookup.kind, lookup.idOrSlug);
  return (
    <section aria-labelledby="admin-items">
      <h2 id="admin-items" className="text-lg font-semibold">
        {t('catalogue.renameItems')}
      </h2>
      <form
        className="mt-2 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setLookup({ kind, idOrSlug: input.trim() });
        }}
      >
        <Field label={t('catalogue.itemKind')}>
          {(p) => (
            <select
              {...p}
              className={inputClasses()}
              value={kind}
              onChange={(e) => setKind(e.target.value as AdminCatalogItem['kind'])}
            >
              <option value="product">{t('catalogue.product')}</option>
              <option value="service">{t('catalogue.service')}</option>
            </select>
          )}
        </Field>
        <Field label={t('catalogue.idOrSlug')} className="min-w-0 flex-1 sm:max-w-sm">
          {(p) => (
            <input
              {...p}
              className={inputClasses()}
              value={input}
              maxLength={300}
              onChange={(e) => setInput(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" size="sm" variant="secondary" disabled={input.trim() === ''}>
          {t('catalogue.find')}
        </Button>
      </form>
      {lookup.idOrSlug === '' ? null : (
        <QueryState
          deniedMessage={t('denied')}
          isPending={item.isPending}
          error={item.error}
          isEmpty={false}
          onRetry={() => void item.refetch()}
        >
          {item.data ? (
            <ItemRenameForm
              key={`${item.data.kind}:${item.data.id}:${item.data.nameEn}:${item.data.nameFr}`}
              item={item.data}
            />
          ) : null}
        </QueryState>
      )}
    </section>
  );
}

function ItemRenameForm({ item }: { item: AdminCatalogItem }) {
  const { t } = useTranslation('admin');
  const save = useAdminMutation(renameCatalogItem);
  const form = useForm({
    resolver: zodResolver(catalogItemNamesInputSchema),
    defaultValues: { nameEn: item.nameEn, nameFr: item.nameFr },
  });
  const { errors, isDirty } = form.formState;
  const submit = form.handleSubmit((names) =>
    save.mutate(
      { kind: item.kind, idOrSlug: item.id, ...names },
      { onSuccess: () => toast.success(t('saved')), onError: (e) => toast.error(errorMessage(t, e)) },
    ),
  );
  return (
    <form
      className="mt-3 grid gap-3 rounded-md border border-gray-200 bg-gray-50 p-3 sm:grid-cols-2"
      aria-label={t('catalogue.renameOf', { slug: item.slug })}
      onSubmit={submit}
      noValidate
    >
      <p className="text-sm text-gray-700 sm:col-span-2">
        <span className="font-mono text-xs">#{item.id}</span>{' '}
        <span className="font-mono text-xs text-gray-500">{item.slug}</span>
      </p>
      <Field label={t('catalogue.nameEn')} error={errors.nameEn && t('catalogue.invalid')} required>
        {(p) => (
          <input
            {...p}
            className={inputClasses(Boolean(errors.nameEn))}
            maxLength={200}
            {...form.register('nameEn')}
          />
        )}
      </Field>
      <Field label={t('catalogue.nameFr')} error={errors.nameFr && t('catalogue.invalid')} required>
        {(p) => (
          <input
            {...p}
            lang="fr"
            className={inputClasses(Boolean(errors.nameFr))}
            maxLength={200}
            {...form.register('nameFr')}
          />
        )}
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" size="sm" disabled={!isDirty || save.isPending}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}
