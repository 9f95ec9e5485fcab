import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUploadMaxBytes,
  errorResponseSchema,
  sellerStorefrontInputSchema,
  sellerStorefrontParamsSchema,
  sellerStorefrontSchema,
  storefrontImageKindSchema,
  storefrontImageUploadResponseSchema,
} from '@maplesource/contracts';
import { uploadedImage } from '../../plugins/image-upload';
import { editStorefront } from './edit-storefront';
import { uploadStorefrontImage } from './upload-storefront-image';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/**
 * The seller centre's storefront (decision 261), under `/api/v1/seller/…`, for a user acting as seller only
 * (decision 246): `GET`/`PUT seller/:sellerId/storefront` act on the caller's own storefront only (404 for any
 * other), `POST seller/storefront-images?kind=logo|banner` stores a checked, resized image.
 */
export const sellerStorefrontRoutes: FastifyPluginAsyncZod = async (app) => {
  app.restrictScopeToRole('seller');
  await app.register(multipart, {
    limits: { fileSize: adminUploadMaxBytes, files: 1, fields: 2, fieldSize: 1024, parts: 3 },
  });

  app.get(
    '/seller/:sellerId/storefront',
    {
      schema: {
        tags: ['seller-storefront'],
        params: sellerStorefrontParamsSchema,
        response: { 200: sellerStorefrontSchema, ...errors },
      },
    },
    async (request) => app.sellers.readOwnedStorefront(app.db, request.user!.id, request.params.sellerId),
  );
  app.put(
    '/seller/:sellerId/storefront',
    {
      config: { idempotency: true },
      schema: {
        tags: ['seller-storefront'],
        params: sellerStorefrontParamsSchema,
        body: sellerStorefrontInputSchema,
        response: { 200: sellerStorefrontSchema, ...errors },
      },
    },
    async (request) => editStorefront(app, request.user!.id, request.params.sellerId, request.body),
  );
  app.post(
    '/seller/storefront-images',
    {
      bodyLimit: adminUploadMaxBytes + 64 * 1024,
      schema: {
        tags: ['seller-storefront'],
        consumes: ['multipart/form-data'],
        querystring: storefrontImageKindSchema,
        response: {
          201: storefrontImageUploadResponseSchema,
          ...errors,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const data = await uploadedImage(request); // past 5 MB: 413
      return reply.status(201).send(await uploadStorefrontImage(app, request.query.kind, data));
    },
  );
};
