import { describe, expect, it } from 'vitest';
import {
  documentTimeZoneOf,
  formatDocumentDate,
  formatDocumentDateTime,
  provinceTimeZones,
  timeZoneName,
} from '@maplesource/contracts/document-time';
import { cardBrandName } from '@maplesource/contracts/payments';
import { normalizePostalCode, provinceCodes } from '@maplesource/contracts/provinces';
import { unitText, unitWords } from '@maplesource/contracts/units';
import en from '../locales/en/catalog.json';
import fr from '../locales/fr/catalog.json';
import { createI18n } from './i18n';
import { quantityText } from './document-formats';

describe('unit names: one table for the pages and the PDF', () => {
  it('the catalogue’s i18next plurals are the contracts’ words, in English and French', () => {
    const texts = { en: en.units as Record<string, string>, fr: fr.units as Record<string, string> };
    for (const [unit, words] of Object.entries(unitWords)) {
      for (const language of ['en', 'fr'] as const) {
        expect(texts[language][`${unit}_one`], `${language} ${unit}`).toBe(words[language][0]);
        expect(texts[language][`${unit}_other`], `${language} ${unit}`).toBe(words[language][1]);
      }
    }
    expect(Object.keys(texts.en)).toHaveLength(Object.keys(unitWords).length * 2);
  });

  it('pluralises by each language’s rule, on the page and on the server', async () => {
    const i18n = createI18n('en');
    await i18n.changeLanguage('en');
    expect(quantityText(i18n.t, 50, 'piece', 'en')).toBe('50 pieces');
    expect(quantityText(i18n.t, 1, 'piece', 'en')).toBe('1 piece');
    expect(quantityText(i18n.t, 2000, 'metre', 'en')).toBe('2,000 metres');
    expect(quantityText(i18n.t, 7, 'crate of 12', 'en')).toBe('7 crate of 12');
    expect(quantityText(i18n.t, 7, null, 'en')).toBe('7');
    await i18n.changeLanguage('fr');
    expect(quantityText(i18n.t, 50, 'piece', 'fr')).toBe('50 pièces');
    expect(quantityText(i18n.t, 1, 'piece', 'fr')).toBe('1 pièce');
    expect(quantityText(i18n.t, 2000, 'metre', 'fr').replace(/\s/g, ' ')).toBe('2 000 mètres');
    expect(unitText('piece', 'en', 50)).toBe('pieces');
    expect(unitText('piece', 'fr', 1)).toBe('pièce');
    expect(unitText('piece', 'fr', 0)).toBe('pièce');
    expect(unitText('roll', 'fr', 3)).toBe('rouleaux');
  });
});

describe('document dates (decision 248)', () => {
  it('shows the invoice date and its times in the document’s zone, named', () => {
    // 01:02 UTC on Nov 28 is 8:02 p.m. on Nov 27 in Toronto: the same day as the invoice date.
    expect(formatDocumentDateTime('2026-11-28T01:02:00Z', 'en', 'America/Toronto')).toBe(
      'Nov 27, 2026, 8:02 p.m. ET',
    );
    expect(formatDocumentDateTime('2026-11-28T01:02:00Z', 'fr', 'America/Toronto')).toMatch(
      /^27 nov\. 2026, 20\sh\s02 HE$/,
    );
    expect(formatDocumentDate('2026-11-27', 'en', 'America/Toronto')).toBe('Nov 27, 2026 (ET)');
    expect(formatDocumentDate('2026-11-27', 'fr', 'America/Toronto')).toMatch(/^27 nov\. 2026 \(HE\)$/);
    // Pacific time (its offset is the time zone database's business, the name is ours).
    expect(formatDocumentDateTime('2026-11-28T01:02:00Z', 'en', 'America/Vancouver')).toMatch(
      /^Nov 27, 2026, [56]:02 p\.m\. PT$/,
    );
  });

  it('takes the seller’s province’s zone, Toronto otherwise, and names every zone in both languages', () => {
    expect(documentTimeZoneOf(null)).toBe('America/Toronto');
    expect(documentTimeZoneOf('QC')).toBe('America/Toronto');
    expect(documentTimeZoneOf('BC')).toBe('America/Vancouver');
    expect(documentTimeZoneOf('NL')).toBe('America/St_Johns');
    for (const province of provinceCodes) {
      const zone = provinceTimeZones[province];
      expect(timeZoneName(zone, 'en')).toMatch(/^[A-Z]{2,3}$/);
      expect(timeZoneName(zone, 'fr')).toMatch(/^H[A-Z]{1,2}$/);
    }
  });
});

describe('postal codes and card brands', () => {
  it('writes postal codes as Canada Post does', () => {
    expect(normalizePostalCode('M5V2T6')).toBe('M5V 2T6');
    expect(normalizePostalCode('m5v 2t6')).toBe('M5V 2T6');
    expect(normalizePostalCode(' h2x  1y4 ')).toBe('H2X 1Y4');
  });

  it('names card brands as their owners write them', () => {
    expect(cardBrandName('visa')).toBe('Visa');
    expect(cardBrandName('mastercard')).toBe('Mastercard');
    expect(cardBrandName('amex')).toBe('American Express');
    expect(cardBrandName('Visa')).toBe('Visa');
    expect(cardBrandName('unknown')).toBeNull();
    expect(cardBrandName(null)).toBeNull();
  });
});
