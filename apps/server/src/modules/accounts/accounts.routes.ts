import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addressIdParamSchema,
  addressInputSchema,
  addressListResponseSchema,
  addressResponseSchema,
  authUserResponseSchema,
  okResponseSchema,
  preferencesResponseSchema,
  updatePreferencesRequestSchema,
  updateProfileRequestSchema,
  updateProfileResponseSchema,
} from '@maplesource/contracts';
import { conflict } from '../../plugins/errors';

import { checkCity } from './addresses.service';

/** docs/product.md §7 Profile calls: profile, profile/preferences, address. Every route acts on the caller's own account. */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users, auth } = app.auth;
  const addressService = app.accounts.addresses;
  app.addHook('preHandler', app.requireUser);

  app.get(
    '/profile',
    { schema: { tags: ['accounts'], response: { 200: authUserResponseSchema } } },
    async (request) => ({ user: await users.getProfile(request.user!.id) }),
  );

  app.put(
    '/profile',
    {
      schema: {
        tags: ['accounts'],
        body: updateProfileRequestSchema,
        response: { 200: updateProfileResponseSchema },
      },
    },
    async (request) => {
      const userId = request.user!.id;
      const body = request.body;
      const city = checkCity(body.state, body.city);
      const current = await users.getProfile(userId);
      const emailChanged = body.email.toLowerCase() !== current.email.toLowerCase();
      if (emailChanged) {
        const other = await users.findByEmail(body.email);
        if (other && other.id !== userId)
          throw conflict('EMAIL_TAKEN', 'An account already uses this e-mail');
      }
      await users.updateFields(userId, {
        fullName: body.fullName,
        state: body.state,
        city,
        ...(body.avatar !== undefined ? { avatar: body.avatar } : {}),
      });
      let emailVerificationSent = false;
      if (emailChanged && body.email.toLowerCase() !== current.pendingEmail?.toLowerCase()) {
        await auth.requestEmailVerification(userId, body.email);
        emailVerificationSent = true;
      }
      return { user: await users.getProfile(userId), emailVerificationSent };
    },
  );

  app.get(
    '/profile/preferences',
    { schema: { tags: ['accounts'], response: { 200: preferencesResponseSchema } } },
    async (request) => ({ preferences: await users.getPreferences(request.user!.id) }),
  );

  app.put(
    '/profile/preferences',
    {
      schema: {
        tags: ['accounts'],
        body: updatePreferencesRequestSchema,
        response: { 200: preferencesResponseSchema },
      },
    },
    async (request) => ({ preferences: await users.setPreferences(request.user!.id, request.body) }),
  );

  app.get(
    '/address',
    { schema: { tags: ['accounts'], response: { 200: addressListResponseSchema } } },
    async (request) => ({ items: await addressService.list(request.user!.id) }),
  );

  app.post(
    '/address',
    { schema: { tags: ['accounts'], body: addressInputSchema, response: { 201: addressResponseSchema } } },
    async (request, reply) => {
      const address = await addressService.add(request.user!.id, request.body);
      return reply.status(201).send({ address });
    },
  );

  app.put(
    '/address/:id',
    {
      schema: {
        tags: ['accounts'],
        params: addressIdParamSchema,
        body: addressInputSchema,
        response: { 200: addressResponseSchema },
      },
    },
    async (request) => ({
      address: await addressService.update(request.user!.id, request.params.id, request.body),
    }),
  );

  app.delete(
    '/address/:id',
    { schema: { tags: ['accounts'], params: addressIdParamSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await addressService.remove(request.user!.id, request.params.id);
      return { ok: true as const };
    },
  );
};
