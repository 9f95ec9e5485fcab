import { describe, expect, it } from 'vitest';
import privacyEn from './privacy.en';
import privacyFr from './privacy.fr';
import termsEn from './terms.en';
import termsFr from './terms.fr';

const ids = (doc: { sections: { id: string }[] }) => doc.sections.map((s) => s.id);
const text = (doc: {
  intro: string[];
  sections: { heading: string; paragraphs: string[]; list?: string[] }[];
}) =>
  [...doc.intro, ...doc.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...(s.list ?? [])])].join('\n');

describe('legal texts (docs/product.md §1)', () => {
  it('have the same sections, in the same order, in English and French', () => {
    expect(ids(privacyFr)).toEqual(ids(privacyEn));
    expect(ids(termsFr)).toEqual(ids(termsEn));
    expect(new Set(ids(privacyEn)).size).toBe(privacyEn.sections.length);
  });

  it('privacy policy covers every point of docs/product.md §1', () => {
    expect(ids(privacyEn)).toEqual(
      expect.arrayContaining([
        'no-sale',
        'sharing',
        'calls-and-contact-forms',
        'retention-and-security',
        'your-rights',
        'where-data-is-stored',
        'children',
        'third-party-sites',
        'updates',
      ]),
    );
    const en = text(privacyEn);
    for (const phrase of [
      /do not sell/i,
      /service providers/i,
      /buyers and suppliers/i,
      /premium employers/i,
      /authorities/i,
      /successors/i,
      /recorded/i,
      /tracking .*active/i,
      /access/i,
      /correct/i,
      /delete/i,
      /object/i,
      /withdraw your consent/i,
      /portability/i,
      /verify your identity/i,
      /United States/,
      /under 13/,
      /16/,
      /Toronto/,
    ]) {
      expect(en).toMatch(phrase);
    }
    expect(text(privacyFr)).toMatch(/Toronto/);
  });

  it('terms cover every point of docs/product.md §1', () => {
    expect(ids(termsEn)).toEqual([
      'eligibility',
      'platform-role',
      'accounts',
      'quotations-invoices-payments',
      'payment-review',
      'refunds',
      'employer-data-use',
      'user-content',
      'acceptable-use',
      'disclaimer',
      'indemnity',
      'termination',
      'governing-law',
      'export-control',
      'changes',
      'general',
      'contact',
    ]);
    const en = text(termsEn);
    for (const phrase of [
      /legal age/i,
      /registered/i,
      /not a party/i,
      /7 days/,
      /30 days/,
      /Ontario/,
      /Toronto/,
      /export/i,
    ]) {
      expect(en).toMatch(phrase);
    }
  });
});
