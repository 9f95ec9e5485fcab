import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { PAGE_DATA_ELEMENT_ID } from '@maplesource/contracts/page-data';
import { pageData } from './page-data';

function parsed(html: string): unknown {
  const match = new RegExp(
    `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">(.*?)</script>`,
    's',
  ).exec(html);
  return match ? JSON.parse(match[1]!) : null;
}

describe('pageData', () => {
  it('escapes answers so none can close the element; keeps refusals, leaves out server errors', async () => {
    const app = Fastify();
    app.get('/api/v1/tricky', async () => ({ name: '</script><script>alert(1)</script><!--' }));
    app.get('/api/v1/broken', async (_request, reply) => reply.status(500).send({ error: 'x' }));
    app.get('/api/v1/missing', async (_request, reply) => reply.status(404).send({ error: 'y' }));
    app.get('/api/v1/empty', async (_request, reply) => reply.status(204).send());
    const request = { headers: {}, log: { warn: () => undefined } } as never;
    const { element } = await pageData(app, request, ['tricky', 'broken', 'missing', 'empty']);
    await app.close();
    expect(element.match(/<\/script>/g)).toHaveLength(1);
    expect(element).not.toContain('<!--');
    expect(parsed(element)).toEqual({
      tricky: [200, { name: '</script><script>alert(1)</script><!--' }],
      missing: [404, { error: 'y' }],
      empty: [204],
    });
  });

  it('never holds the page longer than its wait: a late answer is left out, the links come from the others', async () => {
    const app = Fastify();
    let release = () => {};
    const late = new Promise<void>((resolve) => (release = resolve));
    app.get('/api/v1/slow', async () => {
      await late;
      return { late: true };
    });
    app.get('/api/v1/fast', async () => ({ image: '/a.svg' }));
    const request = { headers: {}, log: { warn: () => undefined } } as never;
    const links = (answerOf: (pathAndQuery: string) => unknown) =>
      `<link href="${(answerOf('fast') as { image: string }).image}">`;
    const data = await pageData(app, request, ['slow', 'fast'], links, 50);
    release();
    await app.close();
    expect(parsed(data.element)).toEqual({ fast: [200, { image: '/a.svg' }] });
    expect(data.links).toBe('<link href="/a.svg">');
  });
});
