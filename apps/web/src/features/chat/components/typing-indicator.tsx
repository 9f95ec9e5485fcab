import { useTranslation } from 'react-i18next';

/** "… is typing" (or sending images) under the messages; announced politely, empty otherwise. */
export function TypingIndicator({
  visible,
  uploading = false,
  name,
}: {
  visible: boolean;
  uploading?: boolean;
  name: string;
}) {
  const { t } = useTranslation('chat');
  return (
    <p aria-live="polite" className="min-h-5 px-3 text-xs text-gray-600 italic">
      {uploading ? t('uploading', { name }) : visible ? t('typing', { name }) : ''}
    </p>
  );
}
