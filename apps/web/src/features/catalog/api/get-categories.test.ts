import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_DATA_ELEMENT_ID } from '@maplesource/contracts/page-data';
import { dropPageData } from '../../../lib/page-data';
import { categoriesQueryOptions } from './get-categories';

function putPageData(data: Record<string, unknown>) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PAGE_DATA_ELEMENT_ID;
  element.textContent = JSON.stringify(data);
  document.body.append(element);
}

const initialData = (kind: 'product' | 'service') =>
  (categoriesQueryOptions(kind).initialData as () => unknown)();

describe('category tree query', () => {
  afterEach(() => dropPageData());

  it("starts from the page's category tree, once, so the listing's chips are in its first render", () => {
    const tree = { items: [{ id: '1', slug: 'logistics', nameEn: 'Logistics', nameFr: 'Logistique' }] };
    putPageData({ 'category?kind=service': [200, tree] });
    expect(initialData('service')).toEqual(tree);
    // Taken once, like a request: a second query asks the server.
    expect(initialData('service')).toBeUndefined();
  });

  it('asks the server when the page holds no tree or a refusal', () => {
    expect(initialData('product')).toBeUndefined();
    putPageData({ 'category?kind=product': [404, { error: { code: 'NOT_FOUND', message: 'x' } }] });
    expect(initialData('product')).toBeUndefined();
  });
});
