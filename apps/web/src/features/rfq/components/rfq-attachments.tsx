import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RfqAttachment } from '@maplesource/contracts/rfq';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/http';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast-store';
import { downloadRfqAttachment, useUploadRfqAttachment } from '../api/attachments';

const MAX_FILES = 5;
const accept = '.pdf,.png,.jpg,.jpeg,.step,.stp,.stl,.dxf,.dwg';

/**
 * A request's attachments (decision 317): each downloadable by the buyer or a matched supplier (`sellerId`), and —
 * for the buyer of an open request with room — a file to add (PDF, PNG, JPEG, STEP, STL, DXF or DWG, 10 MB at most).
 */
export function RfqAttachments({
  rfqId,
  attachments,
  canUpload,
  sellerId,
}: {
  rfqId: string;
  attachments: readonly RfqAttachment[];
  canUpload: boolean;
  sellerId?: number | undefined;
}) {
  const { t } = useTranslation('rfq');
  const format = useFormat();
  const upload = useUploadRfqAttachment();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const room = canUpload && attachments.length < MAX_FILES;

  const send = () => {
    if (!file) return;
    upload.mutate(
      { rfqId, file },
      {
        onSuccess: () => {
          toast.success(t('attachments.added', { name: file.name }));
          setFile(null);
          if (input.current) input.current.value = '';
        },
      },
    );
  };

  return (
    <section aria-labelledby="rfq-attachments" className="space-y-2">
      <h2 id="rfq-attachments" className="text-base font-semibold text-gray-900">
        {t('attachments.title', { count: attachments.length, max: MAX_FILES })}
      </h2>
      {attachments.length === 0 ? (
        <p className="text-sm text-gray-600">{t('attachments.none')}</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {attachments.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center gap-2">
              <button
                type="button"
                className="text-maple-700 underline"
                onClick={() =>
                  void downloadRfqAttachment({
                    rfqId,
                    attachmentId: a.id,
                    filename: a.filename,
                    sellerId,
                  }).catch((error: unknown) => toast.error(errorMessage(t, error)))
                }
              >
                {t('attachments.download', { name: a.filename })}
              </button>
              <span className="text-gray-600">
                {t('attachments.size', { size: format.number(Math.max(1, Math.round(a.bytes / 1024))) })}
              </span>
            </li>
          ))}
        </ul>
      )}
      {room ? (
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col text-sm text-gray-800">
            {t('attachments.choose')}
            <input
              ref={input}
              type="file"
              accept={accept}
              className="text-sm"
              aria-describedby="rfq-attachments-hint"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </label>
          <Button size="sm" variant="secondary" disabled={!file} loading={upload.isPending} onClick={send}>
            {t('attachments.upload')}
          </Button>
          <p id="rfq-attachments-hint" className="w-full text-xs text-gray-600">
            {t('attachments.hint')}
          </p>
        </div>
      ) : null}
      {upload.error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(t, upload.error)}
        </p>
      ) : null}
    </section>
  );
}
