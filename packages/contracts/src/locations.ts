import { z } from 'zod';
import { provinceCodeSchema } from './provinces';

/** `locations` calls (docs/product.md §7): countries → states (provinces/territories) → cities. */
export const countrySchema = z.object({
  code: z.literal('CA'),
  name: z.literal('Canada'),
  nameFr: z.string(),
});
export const countriesResponseSchema = z.object({ items: z.array(countrySchema) });
export const statesQuerySchema = z.object({ country: z.string().max(60).optional() });
export const stateSchema = z.object({ code: provinceCodeSchema, name: z.string(), nameFr: z.string() });
export const statesResponseSchema = z.object({ items: z.array(stateSchema) });
export const citiesQuerySchema = z.object({ state: provinceCodeSchema });
export const citiesResponseSchema = z.object({ items: z.array(z.string()) });
export type State = z.infer<typeof stateSchema>;
