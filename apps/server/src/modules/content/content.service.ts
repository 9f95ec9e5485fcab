/**
 * The content module's SEO entries, global paragraphs and admin audit log. Each is one file in `operations/`
 * (decision 310's Drizzle style, like the orders module's split). There is no service object: the routes, the
 * seed and the page-head renderer call these with the database they run in, and the door hands `writeAudit`
 * to other modules' admin workflows as `app.content.writeAudit`.
 */
export type { Actor, AuditInput } from './content.types';
export { deleteGlobalParagraph } from './operations/delete-global-paragraph';
export { deleteSeoEntry } from './operations/delete-seo-entry';
export { findGlobalParagraph } from './operations/find-global-paragraph';
export { findSeoByPath } from './operations/find-seo-by-path';
export { getSeoEntry } from './operations/get-seo-entry';
export { listAudit } from './operations/list-audit';
export { listGlobalParagraphs } from './operations/list-global-paragraphs';
export { listSeoEntries } from './operations/list-seo-entries';
export { saveGlobalParagraph } from './operations/save-global-paragraph';
export { saveSeoEntry } from './operations/save-seo-entry';
export { writeAudit } from './operations/write-audit';
