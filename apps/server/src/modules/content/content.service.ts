/**
 * The content module's SEO entries, global paragraphs, admin audit log, landing page (hero, features) and blogs.
 * Each is one file in `operations/` (decision 310's Drizzle style, like the orders module's split; the public
 * blog reads are `sql` for their full-text search). There is no service object: the routes, the seed and the
 * page-head renderer call these with the database they run in, and the door hands `writeAudit` and `searchBlogs`
 * to other modules as `app.content.writeAudit` and `app.content.searchBlogs`.
 */
export type { Actor, AuditInput } from './content.types';
export { countPublicBlogs } from './operations/count-public-blogs';
export { deleteBlog } from './operations/delete-blog';
export { deleteGlobalParagraph } from './operations/delete-global-paragraph';
export { deleteSeoEntry } from './operations/delete-seo-entry';
export { findGlobalParagraph } from './operations/find-global-paragraph';
export { findSeoByPath } from './operations/find-seo-by-path';
export { getBlog } from './operations/get-blog';
export { getHeroSettings } from './operations/get-hero-settings';
export { getSeoEntry } from './operations/get-seo-entry';
export { listAudit } from './operations/list-audit';
export { listBlogs } from './operations/list-blogs';
export { listBlogsForAdmin } from './operations/list-blogs-for-admin';
export { listGlobalParagraphs } from './operations/list-global-paragraphs';
export { listLandingFeatures } from './operations/list-landing-features';
export { listPublicBlogSlugs } from './operations/list-public-blog-slugs';
export { listSeoEntries } from './operations/list-seo-entries';
export { replaceLandingFeatures } from './operations/replace-landing-features';
export { saveBlog } from './operations/save-blog';
export { saveGlobalParagraph } from './operations/save-global-paragraph';
export { saveHeroSettings } from './operations/save-hero-settings';
export { saveSeoEntry } from './operations/save-seo-entry';
export { searchBlogs } from './operations/search-blogs';
export { writeAudit } from './operations/write-audit';
