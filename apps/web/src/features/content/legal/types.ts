export interface LegalSection {
  /** Anchor id, the same in every language (`#privacy-rights`). */
  id: string;
  heading: string;
  paragraphs: string[];
  list?: string[];
}

export interface LegalDocument {
  title: string;
  updated: string;
  intro: string[];
  sections: LegalSection[];
}

export const COMPANY = {
  name: 'MapleSource Inc.',
  street: '100 King Street West, Suite 5600',
  city: 'Toronto, Ontario M5X 1C9',
  country: 'Canada',
  privacyEmail: 'privacy@maplesource.ca',
  legalEmail: 'legal@maplesource.ca',
} as const;

export const companyAddress = `${COMPANY.name}, ${COMPANY.street}, ${COMPANY.city}, ${COMPANY.country}`;
