import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeOrder } from '../../../test/order-fixtures';
import { renderWithProviders } from '../../../test/render';
import { SellerOrderRow } from './seller-order-row';

describe("the seller's order row", () => {
  it("names the product in the reader's language (decision 232)", () => {
    const order = makeOrder();
    const french = renderWithProviders(
      <ul>
        <SellerOrderRow order={order} />
      </ul>,
      { language: 'fr' },
    );
    expect(screen.getByText('Supports en acier')).toBeInTheDocument();
    expect(screen.queryByText('Steel brackets')).not.toBeInTheDocument();
    french.unmount();

    renderWithProviders(
      <ul>
        <SellerOrderRow order={order} />
        <SellerOrderRow
          order={makeOrder({ id: 'older', subject: { ...order.subject, name: 'Old bolts', nameFr: null } })}
        />
      </ul>,
      { language: 'en' },
    );
    expect(screen.getByText('Steel brackets')).toBeInTheDocument();
    expect(screen.getByText('Old bolts')).toBeInTheDocument();
  });

  it('shows the terms the order was accepted under, or says none were stated', () => {
    renderWithProviders(
      <ul>
        <SellerOrderRow order={makeOrder({ paymentTerms: 'Net 30', deliveryTerms: '' })} />
      </ul>,
      { language: 'en' },
    );
    expect(screen.getByText('Payment terms').nextElementSibling).toHaveTextContent('Net 30');
    expect(screen.getByText('Delivery terms').nextElementSibling).toHaveTextContent('None stated');
  });

  it('shows the English name of an order without a French one in French', () => {
    const order = makeOrder();
    renderWithProviders(
      <ul>
        <SellerOrderRow order={{ ...order, subject: { ...order.subject, nameFr: null } }} />
      </ul>,
      { language: 'fr' },
    );
    expect(screen.getByText('Steel brackets')).toBeInTheDocument();
  });
});
