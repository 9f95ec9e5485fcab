import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { createI18n, loadLanguage } from '../../../lib/i18n';
import { productCardFixture } from '../../../test/catalog-fixtures';
import { ProductCard } from './product-card';

async function renderCard(language: 'en' | 'fr', overrides: Parameters<typeof productCardFixture>[0]) {
  await loadLanguage(language);
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <MemoryRouter>
        <ProductCard product={productCardFixture(overrides)} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('ProductCard counts through plural rules', () => {
  it('says "1 review" in English', async () => {
    await renderCard('en', { ratingAvg: 4, ratingCount: 1 });
    expect(screen.getByText('★ 4.0 (1 review)')).toBeInTheDocument();
  });

  it('formats and pluralises a larger count in English', async () => {
    await renderCard('en', { ratingAvg: 4.5, ratingCount: 1234 });
    expect(screen.getByText('★ 4.5 (1,234 reviews)')).toBeInTheDocument();
  });

  it('says "1 234 avis" with the French number format', async () => {
    await renderCard('fr', { ratingAvg: 4.5, ratingCount: 1234 });
    expect(screen.getByText(/★ 4,5 \(1\s234 avis\)/)).toBeInTheDocument();
  });
});
