import type { FastifyInstance } from 'fastify';

/**
 * What the content module does when other modules change what a page head shows (category, product, service
 * and storefront names, a seller's badge): this process's rendered heads are dropped (after commit, at least
 * once). Other processes' heads expire within their time-to-live (30 s).
 */
export function subscribeContent(app: FastifyInstance, forgetPageHeads: () => void): void {
  const forget = async () => forgetPageHeads();
  app.events.subscribe('content.page-heads', 'category.renamed', forget);
  app.events.subscribe('content.page-heads', 'catalog-item.renamed', forget);
  app.events.subscribe('content.page-heads', 'seller.changed', forget);
}
