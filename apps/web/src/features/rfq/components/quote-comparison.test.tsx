import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import type { RfqSupplierRow } from '../comparison';
import { QuoteComparison } from './quote-comparison';

const row = (
  name: string,
  deliveredCents: number,
  leadDays: number,
  extra: Partial<RfqSupplierRow> = {},
): RfqSupplierRow => ({
  recipientId: `r-${name}`,
  storefrontId: `s-${name}`,
  storefrontName: name,
  verified: false,
  status: 'quoted',
  declineReason: null,
  latest: {
    version: 1,
    unitPriceCents: 1000,
    tiers: [],
    leadDays,
    shippingCents: 5000,
    validUntil: '2030-01-31',
    notes: '',
    createdAt: '2026-11-29T12:00:00Z',
  },
  unitPriceCents: 1000,
  goodsCents: 200_000,
  shippingCents: 5000,
  taxCents: deliveredCents - 205_000,
  deliveredCents,
  leadDays,
  validUntil: '2030-01-31',
  rating: { average: null, count: 0 },
  chatId: null,
  chatKind: null,
  ...extra,
});
const rows = [
  row('Atelier Nord', 250_000, 12, { verified: true, rating: { average: 4.5, count: 8 } }),
  row('Boréal Steel', 235_000, 20),
  row('Cascade Metal', 260_000, 4),
];
const names = (table: HTMLElement) =>
  within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

/** Every media query answers `wide`: the comparison draws its table when true, its cards when false. */
function screenIsWide(wide: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: wide,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

function renderTable(wide: boolean) {
  screenIsWide(wide);
  renderWithProviders(
    <QuoteComparison
      rows={rows}
      quantity={200}
      province="QC"
      actions={(r) => <button type="button">{`Accept ${r.storefrontName}`}</button>}
    />,
  );
}

describe('the side-by-side comparison of quotes', () => {
  it('is a table sorted by delivered total, whose sortable headers say their order and toggle it', async () => {
    renderTable(true);
    const table = screen.getByRole('table', { name: /Quotes for 200 units delivered in Quebec/ });
    expect(names(table)).toEqual(['Boréal Steel', 'Atelier Nord', 'Cascade Metal']);
    const delivered = within(table).getByRole('columnheader', { name: /Delivered total/ });
    const lead = within(table).getByRole('columnheader', { name: /Lead time/ });
    expect(delivered).toHaveAttribute('aria-sort', 'ascending');
    expect(lead).toHaveAttribute('aria-sort', 'none');
    expect(within(table).getByRole('columnheader', { name: 'Shipping' })).not.toHaveAttribute('aria-sort');
    expect(screen.getByRole('status')).toHaveTextContent('Sorted by delivered total, lowest first');
    // One row's figures in the columns' order.
    const first = within(table).getAllByRole('row')[1]!;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '$10.00',
      '$2,000.00',
      '$50.00',
      '$300.00',
      '$2,350.00',
      '20 days',
      expect.stringMatching(/Jan 31, 2030/),
      'No reviews',
      'No',
      'Accept Boréal Steel',
    ]);
    expect(within(table).getByText('4.5 / 5 (8 reviews)')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(lead).getByRole('button', { name: /Lead time/ }));
    expect(names(table)).toEqual(['Cascade Metal', 'Atelier Nord', 'Boréal Steel']);
    expect(lead).toHaveAttribute('aria-sort', 'ascending');
    expect(delivered).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('status')).toHaveTextContent('Sorted by lead time, shortest first');

    // Keyboard: the header's button takes Enter, and the same column turns the order around.
    within(lead).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(names(table)).toEqual(['Boréal Steel', 'Atelier Nord', 'Cascade Metal']);
    expect(lead).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('status')).toHaveTextContent('Sorted by lead time, longest first');
  });

  it('becomes cards on a narrow screen, sorted from a select', async () => {
    renderTable(false);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: /Quotes for 200 units/ });
    const cardNames = () =>
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent);
    expect(cardNames()).toEqual(['Boréal Steel', 'Atelier Nord', 'Cascade Metal']);
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'lead:ascending');
    expect(cardNames()).toEqual(['Cascade Metal', 'Atelier Nord', 'Boréal Steel']);
    expect(within(list).getAllByText('Delivered total')).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveTextContent('Sorted by lead time, shortest first');
  });
  it('says which quotes were revised, in the table and on the cards', () => {
    const revised = row('Boréal Steel', 235_000, 20, {
      latest: { ...rows[1]!.latest!, version: 3 },
    });
    for (const wide of [true, false]) {
      screenIsWide(wide);
      const { unmount } = renderWithProviders(
        <QuoteComparison rows={[rows[0]!, revised]} quantity={200} province="QC" actions={() => null} />,
      );
      const name = /Quotes for 200 units delivered in Quebec/;
      const list = wide ? screen.getByRole('table', { name }) : screen.getByRole('list', { name });
      expect(within(list).getAllByText('Revised: version 3')).toHaveLength(1);
      const where = wide
        ? within(list).getByRole('rowheader', { name: /Boréal Steel/ })
        : within(list).getByRole('heading', { name: /Boréal Steel/ });
      expect(where).toHaveTextContent('Revised: version 3');
      unmount();
    }
  });
});
