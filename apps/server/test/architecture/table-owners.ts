/**
 * Which module owns each table (ARCHITECTURE rule 1, decision 060). A module's SQL names only its own tables;
 * another module's data is reached through that module's door. Every table the migrations create is listed
 * here (a new table needs an owner); `plugins` owns the cross-cutting ports' tables, `db` the foundation's.
 */
export const tableOwners: Record<string, string> = {
  // auth
  users: 'auth',
  sessions: 'auth',
  otp_codes: 'auth',
  auth_rate_events: 'auth',
  auth_tokens: 'auth',
  user_preferences: 'auth',
  // accounts
  addresses: 'accounts',
  // sellers
  sellers: 'sellers',
  // catalog
  categories: 'catalog',
  products: 'catalog',
  services: 'catalog',
  product_likes: 'catalog',
  service_likes: 'catalog',
  search_terms: 'catalog',
  search_words: 'catalog',
  catalog_version: 'catalog',
  user_category_views: 'catalog',
  user_product_views: 'catalog',
  user_search_history: 'catalog',
  // reviews
  product_reviews: 'reviews',
  service_reviews: 'reviews',
  // content
  seo_entries: 'content',
  global_paragraphs: 'content',
  admin_audit_log: 'content',
  blogs: 'content',
  hero_settings: 'content',
  landing_features: 'content',
  site_settings: 'content', // dropped by 0301
  // careers
  career_applications: 'careers',
  career_resume_views: 'careers',
  // cross-cutting ports and the foundation
  outbox_messages: 'plugins',
  domain_events: 'plugins',
  event_subscriptions: 'plugins',
  event_deliveries: 'plugins',
  handled_events: 'plugins',
  idempotency_keys: 'plugins',
  workflow_runs: 'workflows',
  app_meta: 'db',
};

/**
 * Reads of another module's table that remain, each with its reason. The check fails when one disappears
 * (delete its line) and when a new one appears; writes to another module's table are never allowed.
 */
export const knownForeignReads: { module: string; file: string; table: string; why: string }[] = [
  {
    module: 'catalog',
    file: 'catalog.queries.ts',
    table: 'sellers',
    why: "listing cards join the seller's name, city and badge (decision 042: one query per page over 1M rows); to become copies like province and business type",
  },
  {
    module: 'catalog',
    file: 'catalog.service.ts',
    table: 'sellers',
    why: 'business types count storefronts per type; to move to the sellers door',
  },
  {
    module: 'catalog',
    file: 'catalog.service.ts',
    table: 'product_reviews',
    why: "a product's detail says whether the viewer reviewed it (myReviewId); to move to the reviews module",
  },
  {
    module: 'catalog',
    file: 'catalog.service.ts',
    table: 'service_reviews',
    why: "a service's detail says whether the viewer reviewed it (myReviewId); to move to the reviews module",
  },
];
