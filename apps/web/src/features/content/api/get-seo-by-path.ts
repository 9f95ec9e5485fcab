import type { SeoEntry } from '@maplesource/contracts/seo';
import { api, isApiError } from '../../../lib/http';

/**
 * `GET seo/by-path?path=` (docs/product.md §7): the entry, or null when there is none. `optional=1` makes the
 * server answer 204 rather than 404, so a page without an entry logs no console error.
 */
export async function getSeoByPath(path: string, signal?: AbortSignal): Promise<SeoEntry | null> {
  try {
    const entry = await api.get<SeoEntry | undefined>('seo/by-path', {
      query: { path, optional: 1 },
      ...(signal ? { signal } : {}),
    });
    return entry && typeof entry.code === 'string' ? entry : null;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}
