import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { HeroSettingsInput, LandingFeaturesInput } from '@maplesource/contracts/content';
import { Button } from '../../../components/ui/button';
import { Field, inputClasses } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/http';
import { toast } from '../../../lib/toast-store';
import {
  saveHeroSettings,
  saveLandingFeatures,
  useAdminMutation,
  useHeroSettings,
  useLandingFeatures,
} from '../api/site-admin';
import { QueryState } from '../../../components/ui/query-states';

type Feature = LandingFeaturesInput['items'][number];

/** Landing page: hero settings and the landing features list. */
export function LandingPanel() {
  const { t } = useTranslation('admin');
  const hero = useHeroSettings();
  const features = useLandingFeatures();
  return (
    <div className="space-y-8">
      <section aria-labelledby="hero-settings">
        <h2 id="hero-settings" className="text-lg font-semibold">
          {t('landing.hero')}
        </h2>
        <QueryState
          deniedMessage={t('denied')}
          isPending={hero.isPending}
          error={hero.error}
          isEmpty={false}
          onRetry={() => void hero.refetch()}
        >
          {hero.data ? <HeroForm initial={hero.data} /> : null}
        </QueryState>
      </section>
      <section aria-labelledby="landing-features">
        <h2 id="landing-features" className="text-lg font-semibold">
          {t('landing.features')}
        </h2>
        <QueryState
          deniedMessage={t('denied')}
          isPending={features.isPending}
          error={features.error}
          isEmpty={false}
          onRetry={() => void features.refetch()}
        >
          {features.data ? (
            <FeaturesForm
              initial={features.data.items.map(({ icon, titleEn, titleFr, bodyEn, bodyFr }) => ({
                icon,
                titleEn,
                titleFr,
                bodyEn,
                bodyFr,
              }))}
            />
          ) : null}
        </QueryState>
      </section>
    </div>
  );
}

function HeroForm({ initial }: { initial: HeroSettingsInput }) {
  const { t } = useTranslation('admin');
  const [value, setValue] = useState(initial);
  const save = useAdminMutation(saveHeroSettings);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(value, {
      onSuccess: () => toast.success(t('saved')),
      onError: (e) => toast.error(errorMessage(t, e)),
    });
  };
  const keys = [
    'titleEn',
    'titleFr',
    'subtitleEn',
    'subtitleFr',
    'ctaLabelEn',
    'ctaLabelFr',
    'ctaPath',
    'imageUrl',
  ] as const;
  return (
    <form onSubmit={onSubmit} className="mt-3 grid gap-3 sm:grid-cols-2">
      {keys.map((key) => (
        <Field key={key} label={t(`landing.fields.${key}`)}>
          {(p) => (
            <input
              {...p}
              className={inputClasses()}
              value={value[key]}
              onChange={(e) => setValue({ ...value, [key]: e.target.value })}
            />
          )}
        </Field>
      ))}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}

function FeaturesForm({ initial }: { initial: Feature[] }) {
  const { t } = useTranslation('admin');
  const [items, setItems] = useState(initial);
  const save = useAdminMutation(saveLandingFeatures);
  const update = (index: number, patch: Partial<Feature>) =>
    setItems(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { items },
      { onSuccess: () => toast.success(t('saved')), onError: (e) => toast.error(errorMessage(t, e)) },
    );
  };
  const keys = ['icon', 'titleEn', 'titleFr', 'bodyEn', 'bodyFr'] as const;
  return (
    <form onSubmit={onSubmit} className="mt-3 space-y-4">
      {items.map((item, index) => (
        <fieldset key={index} className="grid gap-3 rounded-md border border-gray-200 p-3 sm:grid-cols-5">
          <legend className="px-1 text-sm font-medium">{t('landing.feature', { n: index + 1 })}</legend>
          {keys.map((key) => (
            <Field key={key} label={t(`landing.fields.${key}`)}>
              {(p) => (
                <input
                  {...p}
                  className={inputClasses()}
                  value={item[key]}
                  onChange={(e) => update(index, { [key]: e.target.value })}
                />
              )}
            </Field>
          ))}
          <div>
            <Button
              type="button"
              size="sm"
              variant="danger"
              onClick={() => setItems(items.filter((_, i) => i !== index))}
            >
              {t('delete')}
            </Button>
          </div>
        </fieldset>
      ))}
      <div className="flex gap-2">
        <Button
          type="button"
          variant="secondary"
          onClick={() =>
            setItems([...items, { icon: 'star', titleEn: '', titleFr: '', bodyEn: '', bodyFr: '' }])
          }
        >
          {t('landing.addFeature')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}
