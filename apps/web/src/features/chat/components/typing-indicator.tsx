import { useTranslation } from 'react-i18next';

/** "… is typing" under the messages; announced politely, hidden when nobody types. */
export function TypingIndicator({ visible, name }: { visible: boolean; name: string }) {
  const { t } = useTranslation('chat');
  return (
    <p aria-live="polite" className="min-h-5 px-3 text-xs text-gray-600 italic">
      {visible ? t('typing', { name }) : ''}
    </p>
  );
}
