import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long "Message sent" stays on screen. */
const shownMs = 4_000;

/**
 * "Message sent" (docs/product.md §8), as a polite live status: said when `announcedAt` (the time of the burst's first
 * acknowledged send, `announcesSent`) changes, and gone again a few seconds later. The region is always in
 * the page so screen readers announce what is put into it.
 */
export function SentStatus({ announcedAt }: { announcedAt: number | null }) {
  const { t } = useTranslation('chat');
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (announcedAt === null) return;
    setShown(true);
    const timer = setTimeout(() => setShown(false), shownMs);
    return () => clearTimeout(timer);
  }, [announcedAt]);
  return (
    <p role="status" aria-live="polite" className="px-4 text-xs text-emerald-700">
      {shown ? t('messageSent') : ''}
    </p>
  );
}
