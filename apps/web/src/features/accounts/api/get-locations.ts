import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProvinceCode } from '@maplesource/contracts/provinces';
import { api } from '../../../lib/http';

type Country = { code: 'CA'; name: string; nameFr: string };
type State = { code: ProvinceCode; name: string; nameFr: string };

export const getCountries = () => api.get<{ items: Country[] }>('locations/countries');
export const getStates = (country: string) =>
  api.get<{ items: State[] }>('locations/states', { query: { country } });
export const getCities = (state: ProvinceCode) =>
  api.get<{ items: string[] }>('locations/cities', { query: { state } });

const day = 24 * 60 * 60 * 1000;
export const useCountries = () =>
  useQuery(queryOptions({ queryKey: ['locations', 'countries'], queryFn: getCountries, staleTime: day }));
export const useStates = (country: string | undefined) =>
  useQuery({
    queryKey: ['locations', 'states', country],
    queryFn: () => getStates(country!),
    enabled: Boolean(country),
    staleTime: day,
  });
export const useCities = (state: ProvinceCode | undefined | null) =>
  useQuery({
    queryKey: ['locations', 'cities', state],
    queryFn: () => getCities(state!),
    enabled: Boolean(state),
    staleTime: day,
  });
