import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cncQuoteCopyRequestSchema,
  cncQuoteListSchema,
  cncQuoteOptionsSchema,
  cncQuoteParamsSchema,
  cncQuotePdfQuerySchema,
  cncQuoteSchema,
  cncQuoteUpdateRequestSchema,
  cncRatesSchema,
  errorResponseSchema,
} from '@maplesource/contracts';
import { AppError, badRequest, errorResponses, tooManyRequests, unprocessable } from '../../plugins/errors';
import { CNC_MAX_FILE_BYTES, CncFileRejected } from './analysis/file-rejection';
import { analyseCadFile } from './operations/analyse-cad-file';
import { cadFileKind } from '@maplesource/contracts/cad/file-rejection';
import { meshInMillimetres } from '@maplesource/contracts/cad/units';
import { currentCncRates } from './operations/cnc-rates';
import {
  changeCncQuoteQuantity,
  cncQuoteFile,
  cncQuoteOf,
  copyCncQuote,
  createCncQuote,
  listCncQuotes,
} from './operations/cnc-quotes';
import { renderCncQuotePdf } from './operations/render-cnc-quote-pdf';

/** Analyses running at once in this process: one per core of the machines we run on (decision 322). */
const MAX_CONCURRENT_ANALYSES = 2;
const OPTION_FIELDS = ['material', 'finish', 'tolerance', 'leadTime', 'quantity', 'units'];
const downloadErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** The 200 answer of a download is the file's bytes; its errors keep the usual JSON shape. */
const sendPdf = (reply: FastifyReply, filename: string, pdf: Buffer) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(pdf);

/** An analysed file is an STL or a STEP file, told apart by its name as the analysis did (decision 322). */
const isStl = (fileName: string) => /\.stl$/i.test(fileName.trim());

/** Where an uploaded part is kept, private (decision 325): under its buyer, a fresh name, its kind's extension. */
const cncFileKey = (buyerId: string, fileName: string) =>
  `cnc-quotes/${buyerId}/${randomUUID()}.${isStl(fileName) ? 'stl' : 'step'}`;

/** A refused file as the answer the web explains: too large 413, an unknown type 415, anything else 422. */
function rejectionError(rejected: CncFileRejected): AppError {
  if (rejected.code === 'CNC_FILE_TOO_LARGE')
    return new AppError(413, rejected.code, 'The file is over 100 MB');
  if (rejected.code === 'CNC_FILE_UNSUPPORTED_TYPE')
    return new AppError(415, rejected.code, 'Upload an STL or STEP file');
  return unprocessable(rejected.code, 'The file cannot be analysed');
}

/** The option fields and the one `file` part of an upload; a file over 100 MB is refused while it streams. */
async function readUpload(request: FastifyRequest): Promise<{
  fields: Record<string, string>;
  file: { data: Buffer; fileName: string } | null;
}> {
  const fields: Record<string, string> = {};
  let file: { data: Buffer; fileName: string } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (OPTION_FIELDS.includes(part.fieldname) && typeof part.value === 'string')
          fields[part.fieldname] = part.value;
      } else if (part.fieldname === 'file' && !file) {
        file = { data: await part.toBuffer(), fileName: part.filename };
      } else {
        await part.toBuffer();
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw rejectionError(new CncFileRejected('CNC_FILE_TOO_LARGE'));
    throw error;
  }
  return { fields, file };
}

/**
 * The buyer's CNC instant quotes (decisions 302, 322): upload a part with its options and get the server's own
 * measurement and price at 1, 10, 50, 100 and the quantity asked for, stored; list them; read one (another
 * buyer's is 404).
 */
export const cncQuotesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: {
      fileSize: CNC_MAX_FILE_BYTES,
      files: 1,
      fields: OPTION_FIELDS.length,
      fieldSize: 64,
      parts: OPTION_FIELDS.length + 1,
    },
  });
  let running = 0;

  app.post(
    '/cnc-quotes',
    {
      config: { requiredRole: 'buyer' },
      bodyLimit: CNC_MAX_FILE_BYTES + 64 * 1024,
      schema: {
        tags: ['cnc-quotes'],
        consumes: ['multipart/form-data'],
        response: { 201: cncQuoteSchema, ...errorResponses(400, 401, 403, 404, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the part as multipart/form-data');
      // The slot is taken before the upload is read: at most two files are held in memory and analysed at once.
      if (running >= MAX_CONCURRENT_ANALYSES)
        throw tooManyRequests(
          'CNC_ANALYSIS_BUSY',
          'Other parts are being analysed; try again in a moment',
          5,
        );
      running += 1;
      try {
        const { fields, file } = await readUpload(request);
        const options = cncQuoteOptionsSchema.safeParse(fields);
        if (!options.success)
          throw badRequest(
            'VALIDATION_FAILED',
            'Some options are missing or invalid',
            Object.fromEntries(options.error.issues.map((issue) => [issue.path.join('.'), issue.message])),
          );
        if (!file) throw badRequest('CNC_FILE_REQUIRED', 'Choose a file to quote');
        // An STL's numbers are in the unit the buyer chose; a STEP file states its own (decision 324).
        const { units: askedUnits = 'mm', ...priced } = options.data;
        const rates = await currentCncRates(app.db, new Date());
        if (!rates) throw unprocessable('CNC_RATES_NOT_SET', 'Instant quotes are not available yet');
        const analysisStarted = performance.now();
        const measured = await analyseCadFile(file.data, file.fileName).catch((error: unknown) => {
          throw error instanceof CncFileRejected ? rejectionError(error) : error;
        });
        // Only once the analysis accepted the file's type: an unknown one is its 415, never a throw here.
        const units = cadFileKind(file.fileName) === 'stl' ? askedUnits : 'mm';
        // The analysis's own time, apart from reading the upload (decision 325: the bench reads it).
        void reply.header(
          'server-timing',
          `analysis;dur=${(performance.now() - analysisStarted).toFixed(1)}`,
        );
        // The file is kept private with the quote (decision 325); a quote that fails to be stored takes it away.
        const key = cncFileKey(request.user!.id, file.fileName);
        await app.storage.put(key, file.data, {
          visibility: 'private',
          contentType: isStl(file.fileName) ? 'model/stl' : 'model/step',
        });
        try {
          const quote = await createCncQuote(app.db, {
            buyerId: request.user!.id,
            fileName: file.fileName.slice(0, 255),
            mesh: meshInMillimetres(measured, units),
            options: priced,
            rates,
            file: { key, bytes: file.data.length },
          });
          return await reply.status(201).send(quote);
        } catch (error) {
          await app.storage.delete(key);
          throw error;
        }
      } finally {
        running -= 1;
      }
    },
  );

  // The rates in effect, public: the quote screen prices and explains a part at once in the browser with the same
  // arithmetic (decision 302); the server prices again from the uploaded file when the quote is saved.
  app.get(
    '/cnc-rates/current',
    {
      schema: { tags: ['cnc-quotes'], response: { 200: cncRatesSchema, ...errorResponses(404) } },
    },
    async () => {
      const rates = await currentCncRates(app.db, new Date());
      if (!rates) throw new AppError(404, 'CNC_RATES_NOT_SET', 'Instant quotes are not available yet');
      return rates;
    },
  );

  app.get(
    '/cnc-quotes',
    {
      config: { requiredRole: 'buyer' },
      schema: { tags: ['cnc-quotes'], response: { 200: cncQuoteListSchema, ...errorResponses(401, 403) } },
    },
    async (request) => ({ items: await listCncQuotes(app.db, request.user!.id) }),
  );

  app.get(
    '/cnc-quotes/:id',
    {
      config: { requiredRole: 'buyer' },
      schema: {
        tags: ['cnc-quotes'],
        params: cncQuoteParamsSchema,
        response: { 200: cncQuoteSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => cncQuoteOf(app.db, request.user!.id, request.params.id),
  );

  // Decision 325: the kept file, the PDF, a change of quantity (same rates) and a copy (rates in effect now).
  app.get(
    '/cnc-quotes/:id/file',
    {
      config: { requiredRole: 'buyer' },
      schema: { tags: ['cnc-quotes'], params: cncQuoteParamsSchema, response: downloadErrors },
    },
    async (request, reply) => {
      const file = await cncQuoteFile(app.db, { buyerId: request.user!.id, id: request.params.id });
      return app.storage.sendPrivate(reply, file.key, { filename: file.fileName });
    },
  );

  app.get(
    '/cnc-quotes/:id/pdf',
    {
      config: { requiredRole: 'buyer' },
      schema: {
        tags: ['cnc-quotes'],
        params: cncQuoteParamsSchema,
        querystring: cncQuotePdfQuerySchema,
        response: downloadErrors,
      },
    },
    async (request, reply) => {
      const quote = await cncQuoteOf(app.db, request.user!.id, request.params.id);
      return sendPdf(reply, `cnc-quote-${quote.id}.pdf`, await renderCncQuotePdf(quote, request.query.lang));
    },
  );

  app.patch(
    '/cnc-quotes/:id',
    {
      config: { requiredRole: 'buyer' },
      bodyLimit: 1024,
      schema: {
        tags: ['cnc-quotes'],
        params: cncQuoteParamsSchema,
        body: cncQuoteUpdateRequestSchema,
        response: { 200: cncQuoteSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      changeCncQuoteQuantity(app.db, {
        buyerId: request.user!.id,
        id: request.params.id,
        quantity: request.body.quantity,
      }),
  );

  app.post(
    '/cnc-quotes/:id/copies',
    {
      config: { requiredRole: 'buyer' },
      bodyLimit: 1024,
      schema: {
        tags: ['cnc-quotes'],
        params: cncQuoteParamsSchema,
        body: cncQuoteCopyRequestSchema,
        response: { 201: cncQuoteSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const copy = await copyCncQuote(app.db, {
        buyerId: request.user!.id,
        id: request.params.id,
        changes: request.body,
        now: new Date(),
      });
      return reply.status(201).send(copy);
    },
  );
};
