import type { ProvinceCode } from './provinces';

/**
 * Real Canadian cities per province/territory, each with a real forward sortation area (the first
 * three characters of its postal codes, Canada Post). Used by seed data and address forms.
 */
export interface CanadianCity {
  name: string;
  /** Real FSAs of the city; every one starts with the province's postal letter. */
  fsa: readonly string[];
}

export const canadianCities: Record<ProvinceCode, readonly CanadianCity[]> = {
  AB: [
    { name: 'Calgary', fsa: ['T2P', 'T2G', 'T3E', 'T2E'] },
    { name: 'Edmonton', fsa: ['T5J', 'T6E', 'T5K', 'T6H'] },
    { name: 'Red Deer', fsa: ['T4N', 'T4P'] },
    { name: 'Lethbridge', fsa: ['T1J', 'T1K'] },
    { name: 'Medicine Hat', fsa: ['T1A'] },
    { name: 'Grande Prairie', fsa: ['T8V'] },
    { name: 'Fort McMurray', fsa: ['T9H'] },
    { name: 'Airdrie', fsa: ['T4B'] },
    { name: 'Nisku', fsa: ['T9E'] },
  ],
  BC: [
    { name: 'Vancouver', fsa: ['V6B', 'V5K', 'V6A', 'V5L'] },
    { name: 'Surrey', fsa: ['V3S', 'V3W', 'V4N'] },
    { name: 'Burnaby', fsa: ['V5C', 'V5J'] },
    { name: 'Richmond', fsa: ['V6V', 'V6X'] },
    { name: 'Victoria', fsa: ['V8W', 'V8T'] },
    { name: 'Kelowna', fsa: ['V1Y', 'V1X'] },
    { name: 'Abbotsford', fsa: ['V2S', 'V2T'] },
    { name: 'Prince George', fsa: ['V2N', 'V2L'] },
    { name: 'Kamloops', fsa: ['V2C'] },
    { name: 'Nanaimo', fsa: ['V9R', 'V9S'] },
  ],
  MB: [
    { name: 'Winnipeg', fsa: ['R3C', 'R2X', 'R3H', 'R2J'] },
    { name: 'Brandon', fsa: ['R7A', 'R7B'] },
    { name: 'Steinbach', fsa: ['R5G'] },
    { name: 'Thompson', fsa: ['R8N'] },
    { name: 'Portage la Prairie', fsa: ['R1N'] },
    { name: 'Winkler', fsa: ['R6W'] },
  ],
  NB: [
    { name: 'Moncton', fsa: ['E1C', 'E1A'] },
    { name: 'Saint John', fsa: ['E2L', 'E2J'] },
    { name: 'Fredericton', fsa: ['E3B', 'E3A'] },
    { name: 'Dieppe', fsa: ['E1A'] },
    { name: 'Bathurst', fsa: ['E2A'] },
    { name: 'Edmundston', fsa: ['E3V'] },
    { name: 'Miramichi', fsa: ['E1N'] },
  ],
  NL: [
    { name: "St. John's", fsa: ['A1C', 'A1B', 'A1E'] },
    { name: 'Mount Pearl', fsa: ['A1N'] },
    { name: 'Corner Brook', fsa: ['A2H'] },
    { name: 'Gander', fsa: ['A1V'] },
    { name: 'Grand Falls-Windsor', fsa: ['A2A'] },
    { name: 'Happy Valley-Goose Bay', fsa: ['A0P'] },
  ],
  NS: [
    { name: 'Halifax', fsa: ['B3H', 'B3J', 'B3K'] },
    { name: 'Dartmouth', fsa: ['B3A', 'B2Y', 'B3B'] },
    { name: 'Sydney', fsa: ['B1P', 'B1S'] },
    { name: 'Truro', fsa: ['B2N'] },
    { name: 'New Glasgow', fsa: ['B2H'] },
    { name: 'Bridgewater', fsa: ['B4V'] },
    { name: 'Kentville', fsa: ['B4N'] },
  ],
  NT: [
    { name: 'Yellowknife', fsa: ['X1A'] },
    { name: 'Hay River', fsa: ['X0E'] },
    { name: 'Inuvik', fsa: ['X0E'] },
  ],
  NU: [
    { name: 'Iqaluit', fsa: ['X0A'] },
    { name: 'Rankin Inlet', fsa: ['X0C'] },
    { name: 'Cambridge Bay', fsa: ['X0B'] },
  ],
  ON: [
    { name: 'Toronto', fsa: ['M5V', 'M5H', 'M4W', 'M6K', 'M1B', 'M9W'] },
    { name: 'Mississauga', fsa: ['L5B', 'L4W', 'L5T', 'L5N'] },
    { name: 'Brampton', fsa: ['L6T', 'L6W', 'L6S'] },
    { name: 'Hamilton', fsa: ['L8P', 'L8L', 'L8E'] },
    { name: 'Ottawa', fsa: ['K1P', 'K2E', 'K1G', 'K2K'] },
    { name: 'London', fsa: ['N6A', 'N5V', 'N6E'] },
    { name: 'Kitchener', fsa: ['N2G', 'N2C', 'N2R'] },
    { name: 'Cambridge', fsa: ['N1R', 'N3H', 'N1T'] },
    { name: 'Windsor', fsa: ['N9A', 'N8W', 'N9C'] },
    { name: 'Oshawa', fsa: ['L1H', 'L1J'] },
    { name: 'Vaughan', fsa: ['L4K', 'L4L', 'L4H'] },
    { name: 'Markham', fsa: ['L3R', 'L6G'] },
    { name: 'Burlington', fsa: ['L7L', 'L7M'] },
    { name: 'Guelph', fsa: ['N1H', 'N1K'] },
    { name: 'Barrie', fsa: ['L4N', 'L4M'] },
    { name: 'Kingston', fsa: ['K7K', 'K7M'] },
    { name: 'Sudbury', fsa: ['P3A', 'P3E'] },
    { name: 'Thunder Bay', fsa: ['P7B', 'P7E'] },
    { name: 'Sault Ste. Marie', fsa: ['P6A', 'P6B'] },
    { name: 'Peterborough', fsa: ['K9J', 'K9H'] },
  ],
  PE: [
    { name: 'Charlottetown', fsa: ['C1A', 'C1E'] },
    { name: 'Summerside', fsa: ['C1N'] },
    { name: 'Stratford', fsa: ['C1B'] },
    { name: 'Cornwall', fsa: ['C0A'] },
  ],
  QC: [
    { name: 'Montréal', fsa: ['H3B', 'H2X', 'H4T', 'H1P', 'H4S'] },
    { name: 'Québec', fsa: ['G1K', 'G1R', 'G2E', 'G1M'] },
    { name: 'Laval', fsa: ['H7L', 'H7S', 'H7T'] },
    { name: 'Gatineau', fsa: ['J8X', 'J8T', 'J9H'] },
    { name: 'Longueuil', fsa: ['J4G', 'J4K'] },
    { name: 'Sherbrooke', fsa: ['J1H', 'J1L'] },
    { name: 'Saguenay', fsa: ['G7H', 'G7B'] },
    { name: 'Lévis', fsa: ['G6V', 'G6W'] },
    { name: 'Trois-Rivières', fsa: ['G8T', 'G9A'] },
    { name: 'Drummondville', fsa: ['J2B', 'J2C'] },
    { name: 'Saint-Hyacinthe', fsa: ['J2S'] },
    { name: 'Granby', fsa: ['J2G', 'J2J'] },
    { name: 'Boucherville', fsa: ['J4B'] },
  ],
  SK: [
    { name: 'Saskatoon', fsa: ['S7K', 'S7N', 'S7M'] },
    { name: 'Regina', fsa: ['S4P', 'S4N', 'S4R'] },
    { name: 'Prince Albert', fsa: ['S6V'] },
    { name: 'Moose Jaw', fsa: ['S6H'] },
    { name: 'Swift Current', fsa: ['S9H'] },
    { name: 'Yorkton', fsa: ['S3N'] },
    { name: 'North Battleford', fsa: ['S9A'] },
  ],
  YT: [
    { name: 'Whitehorse', fsa: ['Y1A'] },
    { name: 'Dawson City', fsa: ['Y0B'] },
    { name: 'Watson Lake', fsa: ['Y0A'] },
  ],
};

/** City names per province/territory (for pickers: province first, then city). */
export const citiesByProvince = Object.fromEntries(
  Object.entries(canadianCities).map(([code, cities]) => [code, cities.map((city) => city.name)]),
) as Record<ProvinceCode, string[]>;
