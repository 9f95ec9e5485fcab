import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { clearToasts, toastStore } from '../../../lib/toast-store';
import { GlobalParagraphsPanel } from './global-paragraphs-panel';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const paragraph = {
  id: 'p1',
  path: '/products',
  textEn: 'Canadian products',
  textFr: 'Produits canadiens',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** The admin's content lists (SEO entries, paragraphs, blogs) share one list, delete and editor; read here once. */
function serve(save: () => Response = () => json(paragraph)) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const method = init?.method ?? 'GET';
    if (String(input).includes('/api/v1/admin/global-paragraphs')) {
      if (method === 'GET') return json({ items: [paragraph], total: 1, page: 1, pageSize: 20 });
      if (method === 'DELETE') return json({ ok: true });
      return save();
    }
    return json({ error: { code: 'UNAUTHENTICATED', message: 'no' } }, 401);
  });
}
const calls = (fetchMock: ReturnType<typeof serve>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);
const toastMessages = () => toastStore.getState().toasts.map((t) => t.message);

describe('admin content lists', () => {
  afterEach(() => {
    clearToasts();
    vi.unstubAllGlobals();
  });

  it('deletes a row only after the admin confirms, and says so', async () => {
    const fetchMock = serve();
    // The test environment has no dialogs: the admin's answers to "Delete …?" are given here, no then yes.
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    renderWithProviders(<GlobalParagraphsPanel />);
    const row = (await screen.findByText('/products')).closest('li')!;

    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenLastCalledWith('Delete the paragraph for /products?');
    expect(calls(fetchMock, 'DELETE')).toHaveLength(0);

    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls(fetchMock, 'DELETE')).toHaveLength(1));
    expect(String(calls(fetchMock, 'DELETE')[0]![0])).toContain('/admin/global-paragraphs/p1');
    await waitFor(() => expect(toastMessages()).toContain('Deleted.'));
  });

  it('keeps the editor and its input when a save is refused, and closes it once saved', async () => {
    let refuse = true;
    const fetchMock = serve(() =>
      refuse
        ? json({ error: { code: 'VALIDATION_FAILED', message: 'Path must start with /' } }, 400)
        : json(paragraph),
    );
    renderWithProviders(<GlobalParagraphsPanel />);
    const row = (await screen.findByText('/products')).closest('li')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const editor = screen.getByRole('form', { name: 'Global paragraph' });
    const english = within(editor).getByLabelText(/Text \(English\)/);
    await userEvent.clear(english);
    await userEvent.type(english, 'Made in Canada');

    await userEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(fetchMock, 'PUT')).toHaveLength(1));
    await waitFor(() => expect(toastStore.getState().toasts.some((t) => t.type === 'error')).toBe(true));
    expect(screen.getByRole('form', { name: 'Global paragraph' })).toBeInTheDocument();
    expect(within(editor).getByLabelText(/Text \(English\)/)).toHaveValue('Made in Canada');

    refuse = false;
    await userEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Global paragraph' })).toBeNull());
    expect(toastMessages()).toContain('Saved.');
    expect(JSON.parse(String(calls(fetchMock, 'PUT')[1]![1]!.body))).toMatchObject({
      textEn: 'Made in Canada',
    });
  });
});
