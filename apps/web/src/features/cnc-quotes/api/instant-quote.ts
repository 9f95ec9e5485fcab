import { useQuery } from '@tanstack/react-query';
import type { CncRates } from '@maplesource/contracts/cnc-pricing';
import type { CncQuote } from '@maplesource/contracts/cnc-quotes';
import { api, buildUrl } from '../../../lib/http';
import { cncQuoteKeys } from './cnc-quote-keys';

const currentRatesKey = ['cnc-rates', 'current'] as const;

/** The rates in effect (public): the screen prices at once with decision 302's arithmetic. */
export function useCurrentCncRates() {
  return useQuery({
    queryKey: currentRatesKey,
    queryFn: ({ signal }) => api.get<CncRates>('cnc-rates/current', { signal }),
    staleTime: 5 * 60_000,
    retry: (count, error) => count < 2 && (error as { status?: number }).status !== 404,
  });
}

export function useCncQuote(id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: cncQuoteKeys.one(id ?? ''),
    queryFn: ({ signal }) => api.get<CncQuote>(`cnc-quotes/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: enabled && id !== null,
    retry: false,
  });
}

/** The saved quote's own file, as a File the analysis worker reads for the preview; null when it has none. */
export async function fetchQuoteFile(quote: CncQuote, signal?: AbortSignal): Promise<File | null> {
  if (!quote.hasFile) return null;
  const response = await fetch(buildUrl(`cnc-quotes/${encodeURIComponent(quote.id)}/file`), {
    credentials: 'include',
    headers: { role: 'buyer' },
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) return null;
  return new File([await response.blob()], quote.fileName);
}

export type SaveCncQuote = {
  file: File;
  options: CncQuote['options'];
  units: 'mm' | 'inch';
};

/** POST /cnc-quotes: the file and the options as multipart; the server measures and prices again. */
export function saveCncQuote({ file, options, units }: SaveCncQuote): Promise<CncQuote> {
  const body = new FormData();
  body.set('material', options.material);
  body.set('finish', options.finish);
  body.set('tolerance', options.tolerance);
  body.set('leadTime', options.leadTime);
  body.set('quantity', String(options.quantity));
  body.set('units', units);
  body.set('file', file, file.name);
  return api.post<CncQuote>('cnc-quotes', { body });
}
