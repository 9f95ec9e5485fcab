import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findCity, listCities, listCountries, listStates } from './locations.service';

/** The locations module's door: Canada's provinces and cities (static data), `app.locations`, its routes. */
export const locationsService = { listCountries, listStates, listCities, findCity };
export type LocationsService = typeof locationsService;

declare module 'fastify' {
  interface FastifyInstance {
    locations: LocationsService;
  }
}

export { findCity } from './locations.service';
export { locationsRoutes } from './locations.routes';

async function locationsModule(app: FastifyInstance) {
  app.decorate('locations', locationsService);
}

export const locationsModulePlugin = fp(locationsModule, { name: 'locations-module' });
