/**
 * Which module owns each table (ARCHITECTURE rule 1, decisions 060 and 110). A module's SQL names only its own
 * tables, reading or writing, with no exception; another module's data is reached through that module's door. Every table the migrations create is listed
 * here (a new table needs an owner); `plugins` owns the cross-cutting ports' tables, `db` the foundation's.
 * A flow's SQL (`flows/<flow>/*.sql.ts`) names only tables of the modules its operation writes through
 * (flow-sql.test.ts, decision 294).
 */
export const tableOwners: Record<string, string> = {
  // auth
  users: 'auth',
  sessions: 'auth',
  otp_codes: 'auth',
  auth_rate_events: 'auth',
  auth_tokens: 'auth',
  user_preferences: 'auth',
  auth_known_devices: 'auth',
  auth_login_alerts: 'auth',
  // ledger (decision 296)
  ledger_accounts: 'ledger',
  ledger_entries: 'ledger',
  ledger_lines: 'ledger',
  ledger_holds: 'ledger',
  platform_fee_rates: 'ledger',
  // disputes and the daily reconciliation's report (decision 304)
  ledger_disputes: 'ledger',
  ledger_reconciliation_days: 'ledger',
  ledger_reconciliation_mismatches: 'ledger',
  // accounts
  addresses: 'accounts',
  // sellers
  sellers: 'sellers',
  seller_applications: 'sellers',
  storefront_claims: 'sellers',
  storefront_claim_settings: 'sellers',
  seller_storefront_days: 'sellers', // the storefront stats' day rows (decision 290)
  sellers_search_removals: 'sellers', // the search index's feed of deleted storefronts (decision 334)
  // catalog (catalog_seller_cards: its copy of what a listing card shows of a seller, decision 110)
  categories: 'catalog',
  catalog_seller_cards: 'catalog',
  products: 'catalog',
  services: 'catalog',
  product_likes: 'catalog',
  service_likes: 'catalog',
  search_terms: 'catalog',
  search_words: 'catalog',
  catalog_version: 'catalog',
  catalog_search_removals: 'catalog', // the search index's feed of deleted rows (decision 329)
  catalog_import_jobs: 'catalog',
  user_category_views: 'catalog',
  user_product_views: 'catalog',
  catalog_item_days: 'catalog', // the seller stats' day rows (decision 273)
  catalog_item_months: 'catalog', // the seller stats' month rows (decision 290)
  catalog_storefront_item_days: 'catalog', // the seller stats' storefront-wide day rows (decision 314)
  catalog_item_month_starts: 'catalog', // the seller stats' running totals before a month (decision 314)
  catalog_item_month_start_marks: 'catalog', // which of those months are written (decision 314)
  user_search_history: 'catalog',
  search_term_languages: 'catalog',
  search_term_visitors: 'catalog',
  // reviews
  product_reviews: 'reviews',
  service_reviews: 'reviews',
  // chat
  chats: 'chat',
  chat_messages: 'chat',
  chat_read_markers: 'chat',
  chat_attachments: 'chat',
  // content
  seo_entries: 'content',
  global_paragraphs: 'content',
  admin_audit_log: 'content',
  blogs: 'content',
  hero_settings: 'content',
  landing_features: 'content',
  site_settings: 'content', // dropped by 0301
  // quotes
  quotation_requests: 'quotes',
  invoices: 'invoices',
  invoice_acceptances: 'invoices',
  // notifications (and the offline chat e-mail's throttle)
  notifications: 'notifications',
  chat_offline_mails: 'notifications',
  chat_offline_mail_pending: 'notifications',
  mail_deliveries: 'notifications',
  // orders (orders, their timeline, payments, payment reviews, refunds)
  orders: 'orders',
  order_timeline: 'orders',
  order_payments: 'orders',
  order_payment_refused_events: 'orders',
  payment_reviews: 'orders',
  order_refunds: 'orders',
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
  rate_limit_counters: 'plugins', // dropped by 0111
  rate_limit_cooldowns: 'plugins',
  rate_limit_windows: 'plugins',
  rate_limit_backoffs: 'plugins',
  payment_webhook_events: 'plugins',
  sandbox_payment_intents: 'plugins',
  sandbox_payment_refunds: 'plugins',
  // the sandbox's Stripe Connect side (decision 312)
  sandbox_connected_accounts: 'plugins',
  sandbox_account_links: 'plugins',
  sandbox_transfers: 'plugins',
  sandbox_balance_transactions: 'plugins',
  sandbox_disputes: 'plugins', // decision 304
  // payout-accounts (decision 312)
  payout_accounts: 'payout-accounts',
  payouts: 'payout-accounts',
  // rfq (requests for quotes to many suppliers, decision 298)
  rfqs: 'rfq',
  rfq_buyer_limits: 'rfq',
  rfq_buyer_days: 'rfq',
  rfq_recipients: 'rfq',
  rfq_quote_versions: 'rfq',
  rfq_buyer_mutes: 'rfq',
  rfq_attachments: 'rfq',
  // cnc-quotes (decision 322)
  cnc_rates: 'cnc-quotes',
  cnc_quotes: 'cnc-quotes',
  workflow_runs: 'flows',
  app_meta: 'db',
};
