import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { SellerDetail } from '@maplesource/contracts/catalog';
import { renderWithProviders } from '../../../test/render';
import { jsonResponse as json, sellerDetailFixture } from '../../../test/catalog-fixtures';
import { SellerHeader } from './seller-views';

const seller = (overrides: Partial<SellerDetail> = {}): SellerDetail =>
  sellerDetailFixture({
    id: '12',
    name: 'Acme Metals',
    descriptionEn: 'Aluminium extrusions for the trades.',
    descriptionFr: '',
    bannerUrl: '/uploads/banner.webp',
    contactEmail: 'sales@acme.ca',
    contactPhone: '+1 416 555 0100',
    website: 'https://acme.ca',
    serviceProvinces: ['ON', 'QC'],
    certifications: ['iso-9001', 'controlled-goods'],
    ...overrides,
  });

function show(detail: SellerDetail, language: 'en' | 'fr') {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(detail));
  return renderWithProviders(
    <MemoryRouter>
      <SellerHeader slug="acme">{() => null}</SellerHeader>
    </MemoryRouter>,
    { language },
  );
}

describe('the public storefront header (decision 261)', () => {
  it('shows the other language with a visible note when the page language has no description', async () => {
    show(seller(), 'fr');
    expect(await screen.findByText('Disponible en anglais seulement')).toBeInTheDocument();
    expect(screen.getByText('Aluminium extrusions for the trades.')).toHaveAttribute('lang', 'en-CA');
  });

  it('shows the page language without a note where it exists, and the French-only note in English', async () => {
    show(seller({ descriptionEn: '', descriptionFr: 'Profilés d’aluminium.' }), 'en');
    expect(await screen.findByText('Available in French only')).toBeInTheDocument();
    expect(screen.getByText('Profilés d’aluminium.')).toHaveAttribute('lang', 'fr-CA');
  });

  it('shows the description, contact, service area and certifications the seller entered', async () => {
    show(seller({ descriptionFr: 'Profilés d’aluminium.' }), 'fr');
    expect(await screen.findByText('Profilés d’aluminium.')).toBeInTheDocument();
    expect(screen.queryByText(/seulement/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'sales@acme.ca' })).toHaveAttribute(
      'href',
      'mailto:sales@acme.ca',
    );
    expect(screen.getByRole('link', { name: '+1 416 555 0100' })).toHaveAttribute('href', 'tel:+14165550100');
    expect(screen.getByRole('link', { name: 'acme.ca' })).toHaveAttribute('href', 'https://acme.ca');
    expect(screen.getByText('Ontario, Québec')).toBeInTheDocument();
    expect(screen.getByText('ISO 9001')).toBeInTheDocument();
    expect(screen.getByText('Programme des marchandises contrôlées')).toBeInTheDocument();
  });
});
