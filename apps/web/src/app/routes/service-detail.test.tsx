import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { jsonResponse, notFoundResponse } from '../../test/catalog-fixtures';

afterEach(() => vi.unstubAllGlobals());

function stubMissingService() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/api/v1/service/'))
        return jsonResponse({ error: { code: 'SERVICE_NOT_FOUND', message: 'x' } }, 404);
      return notFoundResponse();
    }),
  );
}

describe('a service that does not exist', () => {
  it('says "Service Not Found", not product', async () => {
    stubMissingService();
    renderApp('/service/no-such-service-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Service Not Found' })).toBeInTheDocument();
    expect(screen.getByText('This service was removed or the link is wrong.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).not.toHaveTextContent(/product/i);
  });

  it('says it in French on a French page', async () => {
    stubMissingService();
    renderApp('/fr/service/no-such-service-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Service introuvable' })).toBeInTheDocument();
  });
});
