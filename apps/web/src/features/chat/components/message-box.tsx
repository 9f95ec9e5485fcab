import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatAttachment } from '@maplesource/contracts/chat';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/http';
import { toast } from '../../../lib/toast-store';
import { chatImageProblem, uploadChatImages } from '../api/upload-images';

export type UploadImages = typeof uploadChatImages;

/**
 * docs/product.md §2 message box: text, image attach (uploaded over HTTP with progress), send; Enter sends, Shift+Enter
 * makes a new line. Typing notices go out through `onTyping`.
 */
export function MessageBox({
  chatId,
  onSend,
  onTyping,
  upload = uploadChatImages,
}: {
  chatId: string;
  onSend: (text: string, attachments: ChatAttachment[]) => void;
  onTyping: (typing: boolean) => void;
  upload?: UploadImages;
}) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const [attachments, setAttachments] = useState<ChatAttachment[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const submit = () => {
    const trimmed = text.trim();
    if (!trimmed && attachments.length === 0) return;
    onSend(trimmed, attachments);
    setText('');
    setAttachments([]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const onFiles = async (list: FileList | null) => {
    const files = list ? [...list] : [];
    if (fileInput.current) fileInput.current.value = '';
    if (files.length === 0) return;
    const problem = chatImageProblem(files);
    if (problem) {
      toast.error(t(`errors:${problem}`));
      return;
    }
    setProgress(0);
    try {
      const stored = await upload(chatId, files, setProgress);
      setAttachments((held) => [...held, ...stored]);
      toast.success(t('upload.done', { count: stored.length }));
    } catch (error) {
      toast.error(errorMessage(t, error));
    } finally {
      setProgress(null);
    }
  };

  return (
    <form
      className="border-t border-gray-200 p-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {attachments.length > 0 ? (
        <ul aria-label={t('upload.attached')} className="mb-2 flex flex-wrap gap-1">
          {attachments.map((a) => (
            <li key={a.id}>
              <img
                src={a.thumbnailUrl}
                alt={t('upload.attachedImage')}
                className="h-12 w-12 rounded object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}
      {progress !== null ? (
        <progress
          className="mb-2 w-full"
          max={100}
          value={Math.round(progress * 100)}
          aria-label={t('upload.progress')}
        />
      ) : null}
      <div className="flex items-end gap-2">
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          id={`chat-attach-${chatId}`}
          onChange={(event) => void onFiles(event.target.files)}
        />
        <label
          htmlFor={`chat-attach-${chatId}`}
          className="cursor-pointer rounded-md border border-gray-300 px-2 py-2 text-sm focus-within:ring-2"
        >
          {t('upload.attach')}
        </label>
        <textarea
          value={text}
          rows={2}
          maxLength={5000}
          aria-label={t('message.label')}
          placeholder={t('message.placeholder')}
          className="min-w-0 flex-1 resize-none rounded-md border border-gray-300 px-2 py-1.5 text-sm"
          onChange={(event) => {
            setText(event.target.value);
            onTyping(event.target.value.length > 0);
          }}
          onBlur={() => onTyping(false)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" disabled={progress !== null}>
          {t('message.send')}
        </Button>
      </div>
    </form>
  );
}
