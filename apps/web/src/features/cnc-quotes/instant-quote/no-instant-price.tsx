import { useTranslation } from 'react-i18next';
import type { CncDfmNote } from '@maplesource/contracts/cnc-pricing';

/**
 * In place of the price, for a part without an instant price (decision 335: an open mesh, whose volume and so
 * machining time cannot be measured): why, what to change, and that saving it lets the buyer request firm quotes
 * from CNC shops, who price it from the file. No amount is shown, not even as an estimate.
 */
export function NoInstantPrice({ notes }: { notes: CncDfmNote[] }) {
  const { t } = useTranslation('cncQuotes');
  return (
    <section
      aria-labelledby="cnc-price-heading"
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4"
      data-testid="cnc-no-instant-price"
    >
      <h2 id="cnc-price-heading" className="text-lg font-semibold text-gray-900">
        {t('noPrice.heading')}
      </h2>
      <p className="text-sm text-amber-950">{t('noPrice.why')}</p>
      <p className="text-sm text-amber-950">{t('noPrice.next')}</p>
      <div>
        <h3 className="font-medium text-gray-900">{t('dfm.heading')}</h3>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-gray-800" data-testid="cnc-dfm-notes">
          {notes.map((note) => (
            <li key={note}>{t(`dfm.${note}`)}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
