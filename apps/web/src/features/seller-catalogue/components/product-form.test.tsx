import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CategoryTreeNode } from '@maplesource/contracts/catalog';
import type { SellerProductInput } from '@maplesource/contracts/seller-catalogue';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { renderWithProviders } from '../../../test/render';
import { emptyProduct, ProductForm } from './product-form';

const categories: CategoryTreeNode[] = [
  {
    id: '1',
    kind: 'product',
    slug: 'valves',
    parentId: null,
    nameEn: 'Valves',
    nameFr: 'Robinets',
    itemCount: 0,
    children: [
      {
        id: '2',
        kind: 'product',
        slug: 'gate-valves',
        parentId: '1',
        nameEn: 'Gate valves',
        nameFr: 'Robinets-vannes',
        itemCount: 0,
      },
    ],
  },
];

/**
 * The product form (decision 287) validates with the contracts schema the server uses: a gap between price tiers
 * and a price of zero are refused beside their fields, and nothing is sent; a valid product is sent in cents.
 */
describe('the seller centre product form', () => {
  async function fill(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText(/^SKU/), 'GV-1');
    await user.selectOptions(screen.getByLabelText(/^Subcategory/), '2');
    await user.type(screen.getByLabelText(/^Name \(English\)/), 'Gate valve');
    await user.type(screen.getByLabelText(/^Name \(French\)/), 'Robinet-vanne');
    await user.type(screen.getByLabelText(/^Description \(English\)/), 'Forged brass.');
    await user.clear(screen.getByLabelText(/^Minimum order quantity/));
    await user.type(screen.getByLabelText(/^Minimum order quantity/), '10');
    await user.clear(screen.getByLabelText('Tier 1: from quantity'));
    await user.type(screen.getByLabelText('Tier 1: from quantity'), '10');
    await user.type(screen.getByLabelText(/Tier 1: to quantity/), '99');
    await user.type(screen.getByLabelText('Tier 1: unit price (CAD)'), '25.00');
    await user.click(screen.getByRole('button', { name: 'Add a price tier' }));
  }

  it('refuses a gap between tiers and a zero price, then sends a valid product in cents', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (_input: SellerProductInput) => undefined);
    renderWithProviders(
      <MemoryRouter>
        <ProductForm initial={emptyProduct} categories={categories} saving={false} onSubmit={onSubmit} />
      </MemoryRouter>,
    );
    await fill(user);
    expect(screen.getByLabelText('Tier 2: from quantity')).toHaveValue(100);
    await user.clear(screen.getByLabelText('Tier 2: from quantity'));
    await user.type(screen.getByLabelText('Tier 2: from quantity'), '150');
    await user.type(screen.getByLabelText('Tier 2: unit price (CAD)'), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Each price tier starts right after the one before (no gap, no overlap).'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Tier 2: from quantity'));
    await user.type(screen.getByLabelText('Tier 2: from quantity'), '100');
    await user.clear(screen.getByLabelText('Tier 2: unit price (CAD)'));
    await user.type(screen.getByLabelText('Tier 2: unit price (CAD)'), '19,90');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      sku: 'GV-1',
      subcategoryId: '2',
      minOrderQuantity: 10,
      priceTiers: [
        { minQuantity: 10, maxQuantity: 99, unitPriceCents: 2500 },
        { minQuantity: 100, maxQuantity: null, unitPriceCents: 1990 },
      ],
    });
  });

  it('asks before following a link with unsaved edits (decision 262)', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter initialEntries={['/seller-centre/products/new']}>
        <Link to="/seller-centre/orders">Orders</Link>
        <Routes>
          <Route
            path="/seller-centre/products/new"
            element={
              <ProductForm
                initial={emptyProduct}
                categories={categories}
                saving={false}
                onSubmit={async () => undefined}
              />
            }
          />
          <Route path="/seller-centre/orders" element={<h1>Orders page</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    await user.type(screen.getByLabelText(/^SKU/), 'NEW-1');
    await user.click(screen.getByRole('link', { name: 'Orders' }));
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { name: 'Orders page' })).toBeInTheDocument();
  });
});
