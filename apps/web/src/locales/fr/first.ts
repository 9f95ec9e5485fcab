// This language's first texts: the namespaces of the app shell and the public pages, loaded before the first
// render; `more.ts` has the others (decision 175). Each is one module imported dynamically: one chunk, one request.
export default import.meta.glob<Record<string, unknown>>(
  [
    './common.json',
    './errors.json',
    './catalog.json',
    './sellers.json',
    './content.json',
    './contentPages.json',
    './search.json',
    './quotes.json',
    './notifications.json',
  ],
  { eager: true, import: 'default' },
);
