import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { ApiError } from '../../lib/http';
import { RequestError } from './request-error';

describe('RequestError (a failed request beside its form)', () => {
  it('shows nothing while there is no error', () => {
    renderWithProviders(<RequestError error={null} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('announces the server’s error translated, in English and French', () => {
    const error = new ApiError({ status: 429, code: 'RATE_LIMITED', message: 'Too many requests' });
    const en = renderWithProviders(<RequestError error={error} />);
    const alert = screen.getByRole('alert');
    expect(alert.tagName).toBe('P');
    expect(alert).toHaveClass('text-sm', 'font-medium', 'text-red-700');
    expect(alert).toHaveTextContent('Too many attempts. Please wait a moment and try again.');
    en.unmount();
    renderWithProviders(<RequestError error={error} />, { language: 'fr' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Trop de tentatives. Veuillez patienter un moment et réessayer.',
    );
  });

  it('falls back to the generic text for an error that is not the server’s', () => {
    renderWithProviders(<RequestError error={new Error('boom')} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
  });
});
