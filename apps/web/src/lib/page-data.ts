import { PAGE_DATA_ELEMENT_ID, pageDataKey } from '@maplesource/contracts/page-data';

/** `[204]` for an empty answer, `[status, body]` for others (2xx, 4xx) — as the server put it into the page. */
type PageDataEntry = [number] | [number, unknown];

let entries = new Map<string, PageDataEntry>();

/** Moves the page's data element, if there is one, into `entries` (once: the element is removed). */
function readPageElement() {
  const element = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element) return;
  element.remove();
  entries = new Map();
  try {
    const parsed = JSON.parse(element.textContent || '{}') as Record<string, unknown>;
    for (const [key, entry] of Object.entries(parsed))
      if (Array.isArray(entry) && typeof entry[0] === 'number') entries.set(key, entry as PageDataEntry);
  } catch {
    // Unusable data: the app requests everything as usual.
  }
}

/**
 * The answer the server put into the page for a GET (decision 044), taken once: a second request for the same
 * data goes to the network. `undefined` when the page holds none for it. The status says success or refusal.
 */
export function takePageData(pathAndQuery: string): { status: number; body: unknown } | undefined {
  readPageElement();
  if (entries.size === 0) return undefined;
  const key = pageDataKey(pathAndQuery);
  const entry = entries.get(key);
  if (!entry) return undefined;
  entries.delete(key);
  return { status: entry[0], body: entry[1] };
}

/**
 * A successful answer with a body from the page for a query's `initialData` (taken once, as a request would
 * take it): the screen then has it in its first render, not one render (one task) later. Another answer (a
 * refusal, an empty 204) is left for the query's request, which takes it from the page as its answer.
 */
export function pageDataAnswer<T>(pathAndQuery: string): T | undefined {
  readPageElement();
  if (entries.size === 0) return undefined;
  const key = pageDataKey(pathAndQuery);
  const entry = entries.get(key);
  if (!entry || entry.length < 2 || entry[0] < 200 || entry[0] >= 300) return undefined;
  entries.delete(key);
  return entry[1] as T;
}

/** Page data describes the first page only: dropped at the first navigation inside the app. */
export function dropPageData() {
  readPageElement();
  entries = new Map();
}
