import { createMemoryRouter, RouterProvider, useLocation, useParams, useSearchParams } from 'react-router';
import type { Invoice } from '@maplesource/contracts/invoices';
import { renderWithProviders } from '../../test/render';
import { InvoicePage } from './components/invoice-page';

export const buyerId = '20000000-0000-4000-8000-000000000001';
export const sellerUserId = '20000000-0000-4000-8000-000000000002';
export const token = 'tok_AAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export function makeInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 'INV-1001',
    token,
    kind: 'product',
    chatId: '10000000-0000-4000-8000-000000000000',
    status: 'pending',
    buyer: { userId: buyerId, name: 'Acme Buyer Inc.' },
    seller: {
      sellerId: 7,
      slug: 'north-metal',
      name: 'North Metal',
      legalName: 'North Metal Works Ltd.',
      gstHstNumber: '123456789RT0001',
      qstNumber: null,
    },
    subject: {
      id: 3,
      name: 'Aluminum extrusion',
      nameFr: 'Profilé d’aluminium',
      category: 'Metals',
      categoryFr: 'Métaux',
      quantity: 500,
      unit: 'pcs',
    },
    negotiatedPriceCents: 100_000,
    unitPriceCents: 200,
    totalPriceCents: 100_000,
    shippingCents: 5_000,
    taxLines: [{ code: 'HST', ratePercent: '13', amountCents: 13_650 }],
    taxCents: 13_650,
    taxOverrideReason: null,
    taxOverrideCode: null,
    taxExemptionCertificate: null,
    totalCents: 118_650,
    paymentTerms: 'Card on acceptance',
    deliveryTerms: 'FOB Toronto',
    notes: '',
    leadDays: 14,
    deliveryProvince: 'ON',
    deliveryPostalCode: 'M5V 2T6',
    issuedOn: '2026-11-23',
    timeZone: 'America/Toronto',
    dueOn: '2026-11-30',
    deadline: '2026-12-15',
    expiresAt: new Date(Date.now() + (2 * 24 * 60 + 3 * 60 + 5) * 60_000).toISOString(),
    viewedAt: null,
    acceptedAt: null,
    rejectedAt: null,
    rejectionReason: null,
    orderId: null,
    version: 1,
    previousInvoiceToken: null,
    changes: [],
    withdrawnAt: null,
    counterOffer: null,
    documentLanguage: 'en',
    createdAt: '2026-11-23T15:00:00.000Z',
    ...overrides,
  };
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function InvoiceRouteForTest() {
  const { invoiceToken = '' } = useParams();
  const [search] = useSearchParams();
  const kind = search.get('kind') === 'service' ? 'service' : null;
  return <InvoicePage token={invoiceToken} kind={kind} startAccepting={search.get('step') === 'accept'} />;
}

function CheckoutProbe() {
  const location = useLocation();
  return <p data-testid="checkout">{`${location.pathname}${location.search}`}</p>;
}

/** The invoice page in a memory router (with a /checkout probe), with the app's providers. */
export function renderInvoicePage(path: string, language: 'en' | 'fr' = 'en') {
  const router = createMemoryRouter(
    [
      { path: '/invoice/:invoiceToken', element: <InvoiceRouteForTest /> },
      { path: '/checkout', element: <CheckoutProbe /> },
    ],
    { initialEntries: [path] },
  );
  return { ...renderWithProviders(<RouterProvider router={router} />, { language }), router };
}
