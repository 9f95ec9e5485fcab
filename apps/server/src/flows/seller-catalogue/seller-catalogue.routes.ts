import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUploadMaxBytes,
  csvImportQuerySchema,
  csvImportResponseSchema,
  csvTemplateQuerySchema,
  errorResponseSchema,
  sellerCatalogueLimits,
  sellerImageUploadResponseSchema,
  sellerImportJobParamsSchema,
  sellerImportJobSchema,
  sellerItemActionSchema,
  sellerItemListQuerySchema,
  sellerItemListSchema,
  sellerItemParamsSchema,
  sellerProductInputSchema,
  sellerProductSchema,
  sellerServiceInputSchema,
  sellerServiceSchema,
  sellerStatsCsvColumns,
  sellerStatsCsvKinds,
  sellerStatsCsvQuerySchema,
  sellerStatsQuerySchema,
  sellerStatsSchema,
  sellerStorefrontParamsSchema,
  type SellerItemKind,
} from '@maplesource/contracts';
import { sendCsv, spreadsheetText } from '../../plugins/csv-export';
import { errorResponses } from '../../plugins/errors';
import { uploadedImage } from '../../plugins/image-upload';
import { changeSellerItemStatus } from './change-seller-item-status';
import { duplicateSellerItem } from './duplicate-seller-item';
import { catalogueCsvHeader, catalogueCsvTemplate, exportCatalogueCsv } from './export-catalogue-csv';
import { importCatalogueCsv } from './import-catalogue-csv';
import { ownStorefront, ownedSellerIds } from './own-storefronts';
import { createSellerItem, readSellerItem, updateSellerItem } from './save-seller-item';
import { uploadItemImage } from './upload-item-image';

const errors = errorResponses(400, 401, 403, 404, 409, 422);
const kindParams = sellerStorefrontParamsSchema.extend({ kind: z.enum(['products', 'services']) });
const kindOf = (plural: 'products' | 'services'): SellerItemKind =>
  plural === 'products' ? 'product' : 'service';

/**
 * The seller centre's catalogue (decisions 287, 288), under `/api/v1/seller/…`, for a user acting as seller only
 * (checked before the body is read, decision 246). Every route acts on the caller's own storefronts: another
 * storefront's item, import job or file answers 404 and nothing changes.
 */
export const sellerCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.restrictScopeToRole('seller');
  await app.register(multipart, {
    limits: { fileSize: adminUploadMaxBytes, files: 1, fields: 2, fieldSize: 1024, parts: 3 },
  });
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: sellerCatalogueLimits.importBytes },
    (_request, body, done) => done(null, body),
  );

  for (const [plural, schema, inputSchema] of [
    ['products', sellerProductSchema, sellerProductInputSchema],
    ['services', sellerServiceSchema, sellerServiceInputSchema],
  ] as const) {
    const kind = kindOf(plural);
    const itemResponse = { 200: schema, ...errors };
    app.get(
      `/seller/:sellerId/${plural}`,
      {
        schema: {
          tags: ['seller-catalogue'],
          params: sellerStorefrontParamsSchema,
          querystring: sellerItemListQuerySchema,
          response: { 200: sellerItemListSchema, ...errors },
        },
      },
      async (request) => {
        const sellerId = await ownStorefront(app, app.db, request.user!.id, request.params.sellerId);
        return app.catalog.sellerItems.list(app.db, kind, sellerId, request.query);
      },
    );
    app.post(
      `/seller/:sellerId/${plural}`,
      {
        schema: {
          tags: ['seller-catalogue'],
          params: sellerStorefrontParamsSchema,
          body: inputSchema,
          response: { 201: schema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await createSellerItem(app, request.user!.id, request.params.sellerId, kind, request.body)),
    );
    app.get(
      `/seller/${plural}/:id`,
      { schema: { tags: ['seller-catalogue'], params: sellerItemParamsSchema, response: itemResponse } },
      async (request) =>
        readSellerItem(
          app,
          app.db,
          kind,
          await ownedSellerIds(app, app.db, request.user!.id),
          request.params.id,
        ),
    );
    app.put(
      `/seller/${plural}/:id`,
      {
        config: { idempotency: true },
        schema: {
          tags: ['seller-catalogue'],
          params: sellerItemParamsSchema,
          body: inputSchema,
          response: itemResponse,
        },
      },
      async (request) => updateSellerItem(app, request.user!.id, kind, request.params.id, request.body),
    );
    app.post(
      `/seller/${plural}/:id/status`,
      {
        schema: {
          tags: ['seller-catalogue'],
          params: sellerItemParamsSchema,
          body: sellerItemActionSchema,
          response: itemResponse,
        },
      },
      async (request) =>
        changeSellerItemStatus(app, request.user!.id, kind, request.params.id, request.body.action),
    );
    app.post(
      `/seller/${plural}/:id/duplicate`,
      {
        schema: {
          tags: ['seller-catalogue'],
          params: sellerItemParamsSchema,
          response: { 201: schema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await duplicateSellerItem(app, request.user!.id, kind, request.params.id)),
    );
  }

  app.post(
    '/seller/catalogue-images',
    {
      bodyLimit: adminUploadMaxBytes + 64 * 1024,
      schema: {
        tags: ['seller-catalogue'],
        consumes: ['multipart/form-data'],
        response: {
          201: sellerImageUploadResponseSchema,
          ...errors,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const data = await uploadedImage(request); // past 5 MB: 413
      return reply.status(201).send(await uploadItemImage(app, data));
    },
  );

  const csvResponse = { 200: z.string().describe('text/csv'), ...errors };
  app.get(
    '/seller/:sellerId/:kind/csv-template',
    {
      schema: {
        tags: ['seller-catalogue'],
        params: kindParams,
        querystring: csvTemplateQuerySchema,
        response: csvResponse,
      },
    },
    async (request, reply) => {
      await ownStorefront(app, app.db, request.user!.id, request.params.sellerId);
      const kind = kindOf(request.params.kind);
      async function* example() {
        yield catalogueCsvTemplate(kind);
      }
      return sendCsv(reply, {
        filename: `${request.params.kind}-template-${request.query.lang}.csv`,
        header: catalogueCsvHeader(kind, request.query.lang),
        records: example(),
      });
    },
  );
  app.get(
    '/seller/:sellerId/:kind/csv-export',
    {
      schema: {
        tags: ['seller-catalogue'],
        params: kindParams,
        querystring: csvTemplateQuerySchema,
        response: csvResponse,
      },
    },
    async (request, reply) => {
      const kind = kindOf(request.params.kind);
      const records = await exportCatalogueCsv(app, request.user!.id, request.params.sellerId, kind);
      return sendCsv(reply, {
        filename: `${request.params.kind}-${request.params.sellerId}.csv`,
        header: catalogueCsvHeader(kind, request.query.lang),
        records,
      });
    },
  );
  app.post(
    '/seller/:sellerId/:kind/csv-import',
    {
      bodyLimit: sellerCatalogueLimits.importBytes,
      schema: {
        tags: ['seller-catalogue'],
        consumes: ['text/csv'],
        params: kindParams,
        querystring: csvImportQuerySchema,
        body: z.string().max(sellerCatalogueLimits.importBytes),
        response: {
          200: csvImportResponseSchema,
          201: csvImportResponseSchema,
          ...errors,
          413: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const dryRun = request.query.dryRun === 'true';
      const answer = await importCatalogueCsv(app, {
        userId: request.user!.id,
        sellerId: request.params.sellerId,
        kind: kindOf(request.params.kind),
        text: request.body,
        fileName: request.query.fileName ?? '',
        dryRun,
      });
      return reply.status(dryRun || answer.repeated ? 200 : 201).send(answer);
    },
  );
  app.get(
    '/seller/:sellerId/csv-imports',
    {
      schema: {
        tags: ['seller-catalogue'],
        params: sellerStorefrontParamsSchema,
        response: { 200: z.object({ items: z.array(sellerImportJobSchema) }), ...errors },
      },
    },
    async (request) => {
      const sellerId = await ownStorefront(app, app.db, request.user!.id, request.params.sellerId);
      return { items: await app.catalog.sellerItems.listImportJobs(app.db, sellerId) };
    },
  );
  app.get(
    '/seller/csv-imports/:jobId',
    {
      schema: {
        tags: ['seller-catalogue'],
        params: sellerImportJobParamsSchema,
        response: { 200: sellerImportJobSchema, ...errors },
      },
    },
    async (request) =>
      app.catalog.sellerItems.getImportJob(
        app.db,
        await ownedSellerIds(app, app.db, request.user!.id),
        request.params.jobId,
      ),
  );
  // The storefront's stats over a period (decisions 273, 290): views, quotations and answers per day and per item
  // (the catalogue's day rows), and the storefront's visits, inquiries, invoices, paid orders and revenue (the
  // sellers module's day rows).
  app.get(
    '/seller/:sellerId/stats',
    {
      schema: {
        tags: ['seller-catalogue'],
        params: sellerStorefrontParamsSchema,
        querystring: sellerStatsQuerySchema,
        response: { 200: sellerStatsSchema, ...errors },
      },
    },
    async (request) => {
      const sellerId = await ownStorefront(app, app.db, request.user!.id, request.params.sellerId);
      const [items, storefront] = await Promise.all([
        app.catalog.sellerStats(app.db, sellerId, request.query),
        app.sellers.storefrontStats(app.db, sellerId, request.query),
      ]);
      return { ...items, storefront };
    },
  );
  // Every item of the period as CSV (decision 314), in the screen's order, headers and kinds in `lang`; a name that
  // starts like a formula is neutralised, since a spreadsheet would run it.
  app.get(
    '/seller/:sellerId/stats/items.csv',
    {
      schema: {
        tags: ['seller-catalogue'],
        params: sellerStorefrontParamsSchema,
        querystring: sellerStatsCsvQuerySchema,
        response: csvResponse,
      },
    },
    async (request, reply) => {
      const sellerId = await ownStorefront(app, app.db, request.user!.id, request.params.sellerId);
      const { lang, ...period } = request.query;
      const items = await app.catalog.sellerStatsItems(app.db, sellerId, period);
      async function* records() {
        for (const item of items)
          yield [
            spreadsheetText((lang === 'fr' ? item.nameFr : item.nameEn) || item.nameEn || item.nameFr),
            sellerStatsCsvKinds[item.kind][lang],
            ...[
              item.views,
              item.quotations,
              item.accepted,
              item.rejected,
              item.inProgress,
              item.popularityScore,
              item.bestsellerScore,
            ].map(String),
          ];
      }
      return sendCsv(reply, {
        filename: `stats-items-${period.from}-${period.to}.csv`,
        header: sellerStatsCsvColumns.map((column) => column[lang]),
        records: records(),
      });
    },
  );
};
