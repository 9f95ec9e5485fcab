import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { ResponseTime } from './seller-views';

const answer = (responseTime: object | null) =>
  vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(
      new Response(JSON.stringify({ responseTime }), { headers: { 'content-type': 'application/json' } }),
    );

/** The storefront's "Usually replies within …" line (decision 268). */
describe('the storefront reply time', () => {
  it('rounds the median up to the hour, in English and French', async () => {
    const fetchMock = answer({ medianSeconds: 7_000, requests: 6 });
    const { i18n } = renderWithProviders(<ResponseTime sellerId="12" />);
    expect(await screen.findByText('Usually replies within 2 h')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/v1/seller/12/response-time');
    await i18n.changeLanguage('fr');
    expect(await screen.findByText('Répond généralement en moins de 2 h')).toBeInTheDocument();
  });

  it('says at least one hour, and days past two days', async () => {
    answer({ medianSeconds: 40, requests: 5 });
    const { unmount } = renderWithProviders(<ResponseTime sellerId="12" />);
    expect(await screen.findByText('Usually replies within 1 h')).toBeInTheDocument();
    unmount();
    answer({ medianSeconds: 3 * 86_400 - 100, requests: 5 });
    renderWithProviders(<ResponseTime sellerId="13" />);
    expect(await screen.findByText('Usually replies within 3 days')).toBeInTheDocument();
  });

  it('shows nothing with too little data', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async (input) =>
        new Response(
          JSON.stringify({
            responseTime: String(input).includes('/seller/14/')
              ? null
              : { medianSeconds: 7_000, requests: 6 },
          }),
          { headers: { 'content-type': 'application/json' } },
        ),
    );
    renderWithProviders(
      <>
        <ResponseTime sellerId="14" />
        <ResponseTime sellerId="15" />
      </>,
    );
    expect(await screen.findByText('Usually replies within 2 h')).toBeInTheDocument();
    expect(screen.getAllByText(/Usually replies/)).toHaveLength(1);
  });
});
