import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  sellerTaxProfileParamsSchema,
  sellerTaxProfileResponseSchema,
  sellerTaxProfileSchema,
} from '@maplesource/contracts';
import { ownTaxProfile, setTaxProfile, type StorefrontTaxProfile } from './seller-tax-profile';

const answer = (profile: StorefrontTaxProfile) => ({
  profile: {
    sellerId: profile.sellerId,
    slug: profile.slug,
    name: profile.name,
    legalName: profile.legalName,
    gstHstNumber: profile.gstHstNumber,
    qstNumber: profile.qstNumber,
    smallSupplier: profile.smallSupplier,
  },
});

/**
 * The seller's company data printed on invoices (legal name, GST/HST and QST numbers, or the small-supplier
 * declaration): `seller/:id/tax-profile`, read and replaced by the storefront's owner acting as seller.
 */
export const sellerTaxProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const response = {
    200: sellerTaxProfileResponseSchema,
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    404: errorResponseSchema,
  };
  app.get(
    '/seller/:id/tax-profile',
    {
      preHandler: app.requireRole('seller'),
      schema: { tags: ['sellers'], params: sellerTaxProfileParamsSchema, response },
    },
    async (request) => answer(await ownTaxProfile(app.db, request.user!.id, Number(request.params.id))),
  );
  app.put(
    '/seller/:id/tax-profile',
    {
      preHandler: app.requireRole('seller'),
      schema: {
        tags: ['sellers'],
        params: sellerTaxProfileParamsSchema,
        body: sellerTaxProfileSchema,
        response,
      },
    },
    async (request) =>
      answer(await setTaxProfile(app.db, request.user!.id, Number(request.params.id), request.body)),
  );
};
