import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render';

describe('language prefix in the address', () => {
  it('/fr/global-quote renders the same screen in French', async () => {
    const { i18n } = renderApp('/fr/global-quote');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Une demande, les prix de plusieurs fournisseurs canadiens',
      }),
    ).toBeInTheDocument();
    expect(i18n.language).toBe('fr');
  });

  it('/en/privacy-policy renders the privacy policy in English with a table of contents', async () => {
    renderApp('/en/privacy-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    const toc = screen.getByRole('navigation', { name: 'Contents' });
    expect(toc.querySelector('a[href="#your-rights"]')).not.toBeNull();
    expect(document.getElementById('your-rights')).not.toBeNull();
  });

  it('/fr/terms-and-condition is in French; /about-x still renders the about page', async () => {
    const { unmount } = renderApp('/fr/terms-and-condition');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Conditions générales' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/tribunaux situés à Toronto/)).toBeInTheDocument();
    unmount();
    renderApp('/about-steel');
    expect(await screen.findByRole('heading', { level: 1, name: 'About steel' })).toBeInTheDocument();
  });

  it('/fr alone is the landing page in French', async () => {
    const { i18n } = renderApp('/fr');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Achetez canadien. Le carrefour B2B des fabricants et fournisseurs canadiens.',
      }),
    ).toBeInTheDocument();
    expect(i18n.language).toBe('fr');
  });

  it('every supported code prefixes the same screens; /de/products is the listing, with English text', async () => {
    const { i18n } = renderApp('/de/products/new-arrivals');
    expect(await screen.findByRole('heading', { level: 1, name: 'New arrivals' })).toBeInTheDocument();
    expect(i18n.language).toBe('de');
  });

  it('a first segment that is not a language code is an unknown page, not a screen', async () => {
    for (const path of ['/xx/products', '/english/privacy-policy']) {
      const { unmount, i18n } = renderApp(path);
      await screen.findByRole('heading', { level: 1, name: "We couldn't find that page" });
      expect(i18n.language).toBe('en');
      unmount();
    }
  });
});
