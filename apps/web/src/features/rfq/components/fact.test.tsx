import { describe, expect, it } from 'vitest';
import type { Rfq } from '@maplesource/contracts/rfq';
import { renderWithProviders } from '../../../test/render';
import { RfqTermFacts } from './fact';

const rfq: Rfq = {
  id: 'r1',
  title: 'Brackets',
  categoryId: '2',
  description: 'Steel brackets.',
  quantity: 1200,
  targetUnitPriceCents: 1250,
  deadline: '2026-12-15T17:00:00.000Z',
  deliveryProvince: 'QC',
  deliveryPostalCode: 'H2X 1Y4',
  status: 'open',
  createdAt: '2026-11-20T10:00:00.000Z',
  private: false,
};

/** The facts as the list shows them: "label: value" per row. */
const facts = () =>
  Array.from(document.querySelectorAll('dl > div')).map(
    (row) => `${row.querySelector('dt')?.textContent}: ${row.querySelector('dd')?.textContent}`,
  );

describe('RfqTermFacts (the terms the buyer and the suppliers both see)', () => {
  it('lists quantity, target, deadline and delivery in English, with the province by name', () => {
    renderWithProviders(
      <dl>
        <RfqTermFacts rfq={rfq} />
      </dl>,
    );
    const [quantity, target, deadline, delivery] = facts();
    expect(quantity).toBe('Quantity: 1,200');
    expect(target).toBe('Target unit price: $12.50');
    expect(deadline).toMatch(/^Answers by: Dec 15, 2026/);
    expect(delivery).toBe('Delivery: Quebec, H2X 1Y4');
    expect(facts()).toHaveLength(4);
  });

  it('says there is no target, and names the province in French', () => {
    renderWithProviders(
      <dl>
        <RfqTermFacts rfq={{ ...rfq, targetUnitPriceCents: null }} />
      </dl>,
      { language: 'fr' },
    );
    const [quantity, target, deadline, delivery] = facts();
    expect(quantity).toMatch(/^Quantité: 1\s200$/);
    expect(target).toBe('Prix unitaire visé: Aucun');
    expect(deadline).toMatch(/^Réponses d’ici le: /);
    expect(delivery).toBe('Livraison: Québec, H2X 1Y4');
  });
});
