import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  citiesQuerySchema,
  citiesResponseSchema,
  countriesResponseSchema,
  statesQuerySchema,
  statesResponseSchema,
} from '@maplesource/contracts';
import { listCities, listCountries, listStates } from './locations.service';

/** docs/product.md §7 `locations` (countries, states, cities): public, cacheable. */
export const locationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 200) reply.header('cache-control', 'public, max-age=86400');
  });
  app.get(
    '/countries',
    { schema: { tags: ['locations'], response: { 200: countriesResponseSchema } } },
    async () => ({ items: listCountries() }),
  );
  app.get(
    '/states',
    {
      schema: {
        tags: ['locations'],
        querystring: statesQuerySchema,
        response: { 200: statesResponseSchema },
      },
    },
    async (request) => ({ items: listStates(request.query.country) }),
  );
  app.get(
    '/cities',
    {
      schema: {
        tags: ['locations'],
        querystring: citiesQuerySchema,
        response: { 200: citiesResponseSchema },
      },
    },
    async (request) => ({ items: listCities(request.query.state) }),
  );
};
