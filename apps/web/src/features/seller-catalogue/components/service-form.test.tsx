import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CategoryTreeNode } from '@maplesource/contracts/catalog';
import type { SellerServiceInput } from '@maplesource/contracts/seller-catalogue';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '../../../test/render';
import { emptyService, ServiceForm } from './service-form';

const categories: CategoryTreeNode[] = [
  {
    id: '7',
    kind: 'service',
    slug: 'machining',
    parentId: null,
    nameEn: 'Machining',
    nameFr: 'Usinage',
    itemCount: 0,
    children: [
      {
        id: '8',
        kind: 'service',
        slug: 'cnc-machining',
        parentId: '7',
        nameEn: 'CNC machining',
        nameFr: 'Usinage CNC',
        itemCount: 0,
      },
    ],
  },
];

/** The service form (decision 287) shares its basics, images and save with the product form; its own fields are read here. */
describe('the seller centre service form', () => {
  it('says what is missing and sends nothing, then sends a valid service with its price in cents', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (_input: SellerServiceInput) => undefined);
    renderWithProviders(
      <MemoryRouter>
        <ServiceForm initial={emptyService} categories={categories} saving={false} onSubmit={onSubmit} />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Some fields need your attention');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/^SKU/), 'CNC-5X');
    await user.selectOptions(screen.getByLabelText(/^Subcategory/), '8');
    await user.type(screen.getByLabelText(/^Name \(English\)/), '5-axis machining');
    await user.type(screen.getByLabelText(/^Name \(French\)/), 'Usinage 5 axes');
    await user.type(screen.getByLabelText(/^Description \(English\)/), 'Aluminium and steel parts.');
    await user.type(screen.getByLabelText(/^Starting price \(CAD\)/), '1 250,50');
    await user.clear(screen.getByLabelText(/^Turnaround \(days\)/));
    await user.type(screen.getByLabelText(/^Turnaround \(days\)/), '10');
    await user.type(screen.getByLabelText('Certifications'), 'ISO 9001, AS9100');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Add to Capabilities' }));
    await user.type(screen.getByLabelText('Row 1: label (English)'), 'Envelope');
    await user.type(screen.getByLabelText('Row 1: label (French)'), 'Enveloppe');
    await user.type(screen.getByLabelText('Row 1: value'), '500 × 400 × 300 mm');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      sku: 'CNC-5X',
      subcategoryId: '8',
      nameFr: 'Usinage 5 axes',
      startingPriceCents: 125_050,
      turnaroundDays: 10,
      certifications: ['ISO 9001', 'AS9100'],
      capabilities: [{ labelEn: 'Envelope', labelFr: 'Enveloppe', value: '500 × 400 × 300 mm' }],
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
