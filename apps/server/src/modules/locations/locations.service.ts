import { citiesByProvince, provinceCodes, provinceNames, type ProvinceCode } from '@maplesource/contracts';
import { moreCanadianCities } from './cities.data';

const key = (name: string) => name.normalize('NFC').trim().toLocaleLowerCase('en-CA');

/** The contracts list (with postal FSAs, also used by the seed) first, then the longer picker list. */
const cities: Record<ProvinceCode, string[]> = Object.fromEntries(
  provinceCodes.map((code) => {
    const seen = new Set<string>();
    const merged: string[] = [];
    for (const name of [...(citiesByProvince[code] ?? []), ...moreCanadianCities[code]]) {
      if (seen.has(key(name))) continue;
      seen.add(key(name));
      merged.push(name);
    }
    return [code, merged];
  }),
) as Record<ProvinceCode, string[]>;

/** Canada only: signup and addresses are for Canada (docs/product.md §1). */
export function listCountries() {
  return [{ code: 'CA' as const, name: 'Canada' as const, nameFr: 'Canada' }];
}

export function listStates(country?: string) {
  if (country && !['ca', 'canada'].includes(country.trim().toLowerCase())) return [];
  return provinceCodes.map((code) => ({
    code,
    name: provinceNames[code].en,
    nameFr: provinceNames[code].fr,
  }));
}

export function listCities(state: ProvinceCode): string[] {
  return [...cities[state]];
}

/** The listed spelling of `city` in `province` (any case), or undefined. */
export function findCity(province: ProvinceCode, city: string): string | undefined {
  const wanted = key(city);
  return cities[province].find((name) => key(name) === wanted);
}
