import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  myStorefrontsResponseSchema,
  sellerTaxProfileParamsSchema,
  sellerTaxProfileResponseSchema,
  sellerTaxProfileSchema,
} from '@maplesource/contracts';
import {
  ownStorefronts,
  ownTaxProfile,
  setTaxProfile,
  type StorefrontTaxProfile,
} from './seller-tax-profile';

const publicProfile = (profile: StorefrontTaxProfile) => ({
  sellerId: profile.sellerId,
  slug: profile.slug,
  name: profile.name,
  legalName: profile.legalName,
  gstHstNumber: profile.gstHstNumber,
  qstNumber: profile.qstNumber,
  smallSupplier: profile.smallSupplier,
  address: profile.address ?? null,
});
const answer = (profile: StorefrontTaxProfile) => ({ profile: publicProfile(profile) });

/**
 * The seller's company data printed on invoices (legal name, GST/HST and QST numbers, or the small-supplier
 * declaration): `seller/:id/tax-profile`, read and replaced by the storefront's owner acting as seller;
 * `seller/me` lists the user's own storefronts with their profiles (the web has no other way to find their ids).
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
    '/seller/me',
    {
      config: { requiredRole: 'seller' },
      schema: {
        tags: ['sellers'],
        response: { 200: myStorefrontsResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => ({
      storefronts: (await ownStorefronts(app.db, request.user!.id)).map(publicProfile),
    }),
  );
  app.get(
    '/seller/:id/tax-profile',
    {
      config: { requiredRole: 'seller' },
      schema: { tags: ['sellers'], params: sellerTaxProfileParamsSchema, response },
    },
    async (request) => answer(await ownTaxProfile(app.db, request.user!.id, Number(request.params.id))),
  );
  app.put(
    '/seller/:id/tax-profile',
    {
      config: { requiredRole: 'seller' },
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
