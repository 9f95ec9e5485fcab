import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { CataloguePanel } from './catalogue-panel';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const seller = {
  id: '12',
  slug: 'acme-metal',
  name: 'Acme Metal Inc.',
  verified: false,
  city: 'Toronto',
  province: 'ON',
  businessType: 'manufacturer',
};
const category = {
  id: '5',
  kind: 'product',
  slug: 'steel-pipes',
  parentId: null,
  nameEn: 'Steel pipes',
  nameFr: 'Tuyaux en acier',
};
const item = {
  id: '77',
  kind: 'service',
  slug: 'laser-cutting-77',
  nameEn: 'Laser cutting',
  nameFr: 'Découpe laser',
};

function mockApi() {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.includes('/admin/categories/5')) return json({ ...category, nameEn: 'Steel tubes' });
    if (url.includes('/admin/categories')) return json({ items: [category] });
    if (url.includes('/admin/sellers/12/profile'))
      return json({ ...seller, city: 'Halifax', province: 'NS' });
    if (url.includes('/admin/sellers')) return json({ items: [seller], total: 1, page: 1, pageSize: 20 });
    if (url.includes('/admin/catalog-items/service/laser-cutting-77')) return json(item);
    if (url.includes('/admin/catalog-items/service/77'))
      return json({ ...item, nameEn: 'Fibre laser cutting' });
    if (url.includes('/admin/catalog-items/'))
      return json({ error: { code: 'ADMIN_ENTITY_NOT_FOUND', message: 'x' } }, 404);
    return json({ error: { code: 'NOT_FOUND', message: 'x' } }, 404);
  });
  return calls;
}

describe('catalogue panel', () => {
  it("edits a seller's profile, sending only the changed fields", async () => {
    const calls = mockApi();
    const user = userEvent.setup();
    renderWithProviders(<CataloguePanel />);
    expect(await screen.findByText('Toronto, ON · Manufacturer', { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    const form = screen.getByRole('form', { name: 'Profile of Acme Metal Inc.' });
    const city = within(form).getByLabelText(/City/);
    await user.clear(city);
    await user.type(city, 'Halifax');
    await user.selectOptions(within(form).getByLabelText('Province or territory'), 'NS');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toContain('/api/v1/admin/sellers/12/profile');
    expect(put.body).toEqual({ city: 'Halifax', province: 'NS' });
  });

  it('finds a service by slug and renames it', async () => {
    const calls = mockApi();
    const user = userEvent.setup();
    renderWithProviders(<CataloguePanel />);
    const section = screen.getByRole('region', { name: 'Rename a product or service' });
    await user.selectOptions(within(section).getByLabelText('Type'), 'service');
    await user.type(within(section).getByLabelText('Id or slug'), 'laser-cutting-77');
    await user.click(within(section).getByRole('button', { name: 'Find' }));
    const form = await within(section).findByRole('form', { name: 'Rename laser-cutting-77' });
    const nameEn = within(form).getByLabelText(/Name \(English\)/);
    expect(nameEn).toHaveValue('Laser cutting');
    await user.clear(nameEn);
    await user.type(nameEn, 'Fibre laser cutting');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toContain('/api/v1/admin/catalog-items/service/77');
    expect(put.body).toEqual({ nameEn: 'Fibre laser cutting', nameFr: 'Découpe laser' });
  });

  it('renames a category, and refuses an empty name without sending it', async () => {
    const calls = mockApi();
    const user = userEvent.setup();
    renderWithProviders(<CataloguePanel />);
    const form = await screen.findByRole('form', { name: 'Rename steel-pipes' });
    const save = within(form).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const nameEn = within(form).getByLabelText(/Name \(English\)/);
    await user.clear(nameEn);
    await user.click(save);
    expect(await within(form).findByText('Enter a value (up to the maximum length).')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.type(nameEn, 'Steel tubes');
    await user.click(save);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toContain('/api/v1/admin/categories/5');
    expect(put.body).toEqual({ nameEn: 'Steel tubes', nameFr: 'Tuyaux en acier' });
  });

  it('says when no item has this id or slug', async () => {
    mockApi();
    const user = userEvent.setup();
    renderWithProviders(<CataloguePanel />);
    const section = screen.getByRole('region', { name: 'Rename a product or service' });
    await user.type(within(section).getByLabelText('Id or slug'), 'nope');
    await user.click(within(section).getByRole('button', { name: 'Find' }));
    expect(await within(section).findByRole('alert')).toBeInTheDocument();
  });
});
