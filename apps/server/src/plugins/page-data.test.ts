import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { PAGE_DATA_ELEMENT_ID } from '@maplesource/contracts/page-data';
import { pageDataElement } from './page-data';

function pageData(html: string): unknown {
  const match = new RegExp(
    `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">(.*?)</script>`,
    's',
  ).exec(html);
  return match ? JSON.parse(match[1]!) : null;
}

describe('pageDataElement', () => {
  it('escapes answers so none can close the element; keeps refusals, leaves out server errors', async () => {
    const app = Fastify();
    app.get('/api/v1/tricky', async () => ({ name: '</script><script>alert(1)</script><!--' }));
    app.get('/api/v1/broken', async (_request, reply) => reply.status(500).send({ error: 'x' }));
    app.get('/api/v1/missing', async (_request, reply) => reply.status(404).send({ error: 'y' }));
    app.get('/api/v1/empty', async (_request, reply) => reply.status(204).send());
    const request = { headers: {}, log: { warn: () => undefined } } as never;
    const element = await pageDataElement(app, request, ['tricky', 'broken', 'missing', 'empty']);
    await app.close();
    expect(element.match(/<\/script>/g)).toHaveLength(1);
    expect(element).not.toContain('<!--');
    expect(pageData(element)).toEqual({
      tricky: [200, { name: '</script><script>alert(1)</script><!--' }],
      missing: [404, { error: 'y' }],
      empty: [204],
    });
  });
});
