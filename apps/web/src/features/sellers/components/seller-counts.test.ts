import { describe, expect, it } from 'vitest';
import { createI18n, loadLanguage } from '../../../lib/i18n';

describe('seller counts through plural rules and the number format', () => {
  it('English: one seller, 5,123 sellers, 1 product, 2 services', () => {
    const t = createI18n('en').getFixedT('en', 'sellers');
    expect(t('count', { count: 1 })).toBe('1 seller');
    expect(t('count', { count: 5123 })).toBe('5,123 sellers');
    expect(t('productCount', { count: 1 })).toBe('1 product');
    expect(t('serviceCount', { count: 2 })).toBe('2 services');
  });

  it('French: 0 and 1 are singular, thousands with a narrow space', async () => {
    await loadLanguage('fr');
    const t = createI18n('fr').getFixedT('fr', 'sellers');
    expect(t('count', { count: 0 })).toBe('0 vendeur');
    expect(t('productCount', { count: 1 })).toBe('1 produit');
    expect(t('productCount', { count: 5123 })).toMatch(/^5\s123 produits$/);
  });
});
