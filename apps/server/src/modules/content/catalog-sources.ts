import type { PageSources } from './page-sources';

/**
 * The catalogue's side of entity heads and sitemaps (issue 4 owns those tables).
 * Filled in with calls to the catalogue services once they exist; empty until then.
 */
export const contentPageSources: PageSources = {};
