import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { ApiError } from '../../../lib/http';
import type * as Http from '../../../lib/http';
import { CareerForm } from './career-form';

const upload = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof Http>()),
  uploadWithProgress: upload,
}));

afterEach(() => upload.mockReset());

const defaults = {
  fullName: 'Léa Tremblay',
  email: 'lea@example.ca',
  phoneNumber: '+14165550199',
  street: '200 Bay St',
  city: 'Toronto',
  postalCode: 'M5J 2J2',
  coverLetter: 'Experienced welding engineer looking for manufacturing work.',
} as const;

/** The server's refusal of the résumé file (decision 240), shown beside the file field in both languages. */
describe('the career form shows why the server refused the résumé', () => {
  const cases = [
    {
      language: 'en',
      code: 'RESUME_PDF_UNREADABLE',
      text: /This PDF cannot be read: it is damaged, incomplete or password-protected/,
      send: 'Send my application',
      category: /^Job category/,
    },
    {
      language: 'fr',
      code: 'RESUME_PDF_UNREADABLE',
      text: /Ce PDF est illisible : il est endommagé, incomplet ou protégé par un mot de passe/,
      send: 'Envoyer ma candidature',
      category: /^Catégorie d’emploi|^Catégorie/,
    },
    {
      language: 'en',
      code: 'RESUME_PDF_UNSAFE',
      text: /This PDF holds something that cannot be removed safely/,
      send: 'Send my application',
      category: /^Job category/,
    },
    {
      language: 'fr',
      code: 'RESUME_IMAGE_UNREADABLE',
      text: /Cette image est illisible/,
      send: 'Envoyer ma candidature',
      category: /^Catégorie d’emploi|^Catégorie/,
    },
  ] as const;

  for (const { language, code, text, send, category } of cases)
    it(`${code} in ${language}`, async () => {
      upload.mockRejectedValueOnce(new ApiError({ status: 415, code, message: 'refused' }));
      const onSaved = vi.fn();
      renderWithProviders(<CareerForm mode="create" defaults={defaults} onSaved={onSaved} />, { language });
      await userEvent.selectOptions(screen.getByRole('combobox', { name: category }), 'engineering');
      await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Province/ }), 'ON');
      const file = screen.getByLabelText(/^(Résumé|Curriculum vitæ)/);
      await userEvent.upload(file, new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' }));
      await userEvent.click(screen.getByRole('button', { name: send }));
      expect(await screen.findByText(text)).toBeInTheDocument();
      // Beside the file field, which screen readers announce with it.
      expect(file).toHaveAttribute('aria-invalid', 'true');
      expect(file).toHaveAccessibleDescription(text);
      expect(upload).toHaveBeenCalledTimes(1);
      expect(onSaved).not.toHaveBeenCalled();
    });
});

/** One Idempotency-Key per submit intent (decision 247): a retry of the same application reuses it. */
describe('the career form’s idempotency key', () => {
  it('sends the same key when the same application is sent again after a failure', async () => {
    upload.mockRejectedValueOnce(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'offline' }));
    upload.mockResolvedValueOnce({ application: { id: '1' } });
    const onSaved = vi.fn();
    renderWithProviders(<CareerForm mode="create" defaults={defaults} onSaved={onSaved} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Job category/ }), 'engineering');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Province/ }), 'ON');
    await userEvent.upload(
      screen.getByLabelText(/^Résumé/),
      new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' }),
    );
    const send = screen.getByRole('button', { name: 'Send my application' });
    await userEvent.click(send);
    await vi.waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(send).not.toBeDisabled());
    await userEvent.click(send);
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    const keyOf = (call: unknown[]) =>
      (call[3] as { headers: Record<string, string> }).headers['Idempotency-Key'];
    expect(keyOf(upload.mock.calls[0]!)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(upload.mock.calls[1]!)).toBe(keyOf(upload.mock.calls[0]!));
  });
});
