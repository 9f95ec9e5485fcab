import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file';

/** `GET cnc-quotes/:id/pdf?lang=`: the quote as a PDF in the page's language, saved under the server's file name. */
export const downloadCncQuotePdf = ({ quoteId, lang }: { quoteId: string; lang: 'en' | 'fr' }) =>
  downloadFile({
    path: `cnc-quotes/${encodeURIComponent(quoteId)}/pdf`,
    query: { lang },
    role: 'buyer',
    fallbackName: `cnc-quote-${quoteId}.pdf`,
    accept: 'application/pdf',
  });

export const useDownloadCncQuotePdf = () => useMutation({ mutationFn: downloadCncQuotePdf });
