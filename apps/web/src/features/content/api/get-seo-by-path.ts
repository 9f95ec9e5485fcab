import type { SeoEntry } from '@maplesource/contracts/seo';
import { api, isApiError } from '../../../lib/http';

/** `GET seo/by-path?path=` (spec §7): the entry, or null when there is none (404). */
export async function getSeoByPath(path: string, signal?: AbortSignal): Promise<SeoEntry | null> {
  try {
    return await api.get<SeoEntry>('seo/by-path', { query: { path }, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}
