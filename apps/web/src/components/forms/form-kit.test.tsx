import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { ApiError } from '../../lib/http';
import { Field } from '../ui/field';
import { RequestError, Textarea } from './form-kit';

describe('Textarea (a multi-line form field)', () => {
  it('is wired to its label, hint and error and red-bordered only while the Field shows an error', () => {
    const { rerender } = render(
      <Field label="Notes" hint="Shown to the buyer">
        {(p) => <Textarea {...p} rows={2} maxLength={2000} />}
      </Field>,
    );
    const box = screen.getByRole('textbox', { name: 'Notes' });
    expect(box.tagName).toBe('TEXTAREA');
    expect(box).toHaveAttribute('rows', '2');
    expect(box).toHaveAttribute('maxlength', '2000');
    expect(box).toHaveAccessibleDescription('Shown to the buyer');
    expect(box).not.toHaveAttribute('aria-invalid');
    expect(box).toHaveClass('border-gray-300');
    expect(box).not.toHaveClass('border-red-700');

    rerender(
      <Field label="Notes" hint="Shown to the buyer" error="Too long">
        {(p) => <Textarea {...p} rows={2} maxLength={2000} />}
      </Field>,
    );
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Shown to the buyer Too long');
    expect(box).toHaveClass('border-red-700');
    expect(box).not.toHaveClass('border-gray-300');
  });
});

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
