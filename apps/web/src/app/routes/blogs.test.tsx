import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_DATA_ELEMENT_ID } from '@maplesource/contracts/page-data';
import { dropPageData } from '../../lib/page-data';
import { renderApp } from '../../test/render';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const card = (n: number, category = 'Sourcing') => ({
  id: String(n),
  slug: `post-${n}`,
  titleEn: `Post ${n}`,
  titleFr: `Article ${n}`,
  excerptEn: `Excerpt ${n}`,
  excerptFr: `Extrait ${n}`,
  category,
  coverUrl: `/c/${n}.svg`,
  readingMinutes: 4,
  publishedAt: '2025-05-01T12:00:00.000Z',
});
const notFound = json({ error: { code: 'NOT_FOUND', message: 'x' } }, 404);

describe('blog screens', () => {
  afterEach(() => dropPageData());

  it("renders the list with its category chips from the page's HTML, in the same render (no layout shift)", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => notFound.clone());
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = PAGE_DATA_ELEMENT_ID;
    element.textContent = JSON.stringify({
      'blogs?page=1&pageSize=12': [200, { items: [card(1), card(2)], total: 2, page: 1, pageSize: 12 }],
      'blogs?page=1&pageSize=100': [
        200,
        { items: [card(1), card(2), card(3, 'Logistics')], total: 3, page: 1, pageSize: 100 },
      ],
    });
    document.body.append(element);
    renderApp('/blogs');
    await screen.findByRole('heading', { level: 1, name: 'Blogs' });
    // The chips and the cards are there when the screen first shows: neither arrives a render later.
    expect(screen.getByRole('button', { name: 'Logistics' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Post 1' })).toBeInTheDocument();
    expect(document.querySelector('article img')).toHaveAttribute('loading', 'eager');
    expect(
      fetchSpy.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/blogs?')),
    ).toEqual([]);
  });

  it('lists posts with categories and reading time', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/api/v1/blogs?'))
        return json({ items: [card(1), card(2, 'Logistics')], total: 2, page: 1, pageSize: 12 });
      return notFound.clone();
    });
    renderApp('/blogs');
    expect(await screen.findByRole('link', { name: 'Post 1' })).toHaveAttribute('href', '/blog/post-1');
    expect(screen.getAllByText(/4 min read/)).toHaveLength(2);
    expect(await screen.findByRole('button', { name: 'Logistics' })).toBeInTheDocument();
  });

  it('names categories in the page language, never as their slug', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/api/v1/blogs?'))
        return json({
          items: [card(1, 'buy-canadian'), card(2, 'logistics'), card(3, 'new-topic')],
          total: 3,
          page: 1,
          pageSize: 12,
        });
      return notFound.clone();
    });
    renderApp('/fr/blogs');
    expect(await screen.findByRole('button', { name: 'Acheter canadien' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logistique' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New topic' })).toBeInTheDocument();
    expect(screen.getAllByText('Acheter canadien').length).toBeGreaterThan(1); // the button and the card
    expect(document.body.textContent).not.toMatch(/buy-canadian|new-topic/);
  });

  it('says "Failed to load blogs" and "No categories available" when the API fails', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json({ error: { code: 'BAD_REQUEST', message: 'x' } }, 400),
    );
    renderApp('/blogs');
    expect(await screen.findByText('Failed to load blogs')).toBeInTheDocument();
    expect(await screen.findByText('No categories available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows an article with safe Markdown and related posts', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/api/v1/blogs/post-1')) {
        return json({
          ...card(1),
          bodyEn: '## Intro\n\nHello <img src=x onerror=alert(1)> **world**',
          bodyFr: 'Bonjour',
        });
      }
      if (url.includes('/api/v1/blogs?'))
        return json({ items: [card(1), card(3)], total: 2, page: 1, pageSize: 4 });
      return notFound.clone();
    });
    renderApp('/blog/post-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Post 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Intro' })).toBeInTheDocument();
    expect(document.querySelector('img[onerror]')).toBeNull();
    expect(await screen.findByRole('link', { name: 'Post 3' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Post 1' })).toBeNull();
  });

  it("asks for related posts once, in the post's category, after the post has loaded", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/api/v1/blogs/post-5'))
        return json({ ...card(5, 'Logistics'), bodyEn: 'Hi', bodyFr: 'Salut' });
      if (url.includes('/api/v1/blogs?'))
        return json({ items: [card(5, 'Logistics'), card(6, 'Logistics')], total: 2, page: 1, pageSize: 4 });
      return notFound.clone();
    });
    renderApp('/blog/post-5');
    expect(await screen.findByRole('link', { name: 'Post 6' })).toBeInTheDocument();
    const listRequests = fetchSpy.mock.calls
      .map(([input]) => String(input))
      .filter((url) => url.includes('/api/v1/blogs?'));
    expect(listRequests).toHaveLength(1);
    expect(new URL(listRequests[0]!, 'http://localhost').searchParams.get('category')).toBe('Logistics');
  });
});
