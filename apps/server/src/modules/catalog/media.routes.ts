import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Generated images (no binary files in the repository): a deterministic SVG per product, service, seller,
 * blog cover and the hero, drawn from the id. Cached for a year (the picture of an id never changes).
 */

const palettes = [
  ['#b91c1c', '#fee2e2'],
  ['#1d4ed8', '#dbeafe'],
  ['#047857', '#d1fae5'],
  ['#7c3aed', '#ede9fe'],
  ['#b45309', '#fef3c7'],
  ['#0f766e', '#ccfbf1'],
  ['#be185d', '#fce7f3'],
  ['#374151', '#e5e7eb'],
] as const;

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderSvg(seed: string, label: string, width = 640, height = 480): string {
  const h = hash(seed);
  const [fg, bg] = palettes[h % palettes.length]!;
  const shapes: string[] = [];
  for (let i = 0; i < 6; i++) {
    const v = hash(`${seed}:${i}`);
    const x = v % width;
    const y = (v >>> 10) % height;
    const r = 20 + ((v >>> 20) % 90);
    shapes.push(
      i % 2 === 0
        ? `<circle cx="${x}" cy="${y}" r="${r}" fill="${fg}" opacity="0.${2 + (i % 5)}"/>`
        : `<rect x="${x}" y="${y}" width="${r * 1.6}" height="${r}" rx="8" fill="${fg}" opacity="0.${1 + (i % 4)}"/>`,
    );
  }
  // A maple leaf-ish mark in the corner.
  const leaf = `<path transform="translate(${width - 70} 20) scale(0.5)" fill="${fg}" d="M50 0l10 25 20-10-8 30 23-3-18 22 12 8-35 6 2 22h-12l2-22-35-6 12-8-18-22 23 3-8-30 20 10z"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeXml(label)}"><rect width="100%" height="100%" fill="${bg}"/>${shapes.join('')}${leaf}<text x="24" y="${height - 28}" font-family="system-ui,sans-serif" font-size="28" font-weight="700" fill="${fg}">${escapeXml(label.slice(0, 40))}</text></svg>`;
}

const svgResponse = { 200: z.string().describe('image/svg+xml') };
const kindParams = z.object({
  kind: z.enum(['product', 'service']),
  id: z.string().regex(/^\d{1,15}$/),
  n: z.string().regex(/^\d{1,2}\.svg$/),
});

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const send = (
    reply: { header: (k: string, v: string) => unknown; type: (t: string) => unknown },
    svg: string,
  ) => {
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    reply.type('image/svg+xml');
    return svg;
  };
  app.get(
    '/media/:kind/:id/:n',
    { schema: { tags: ['media'], params: kindParams, response: svgResponse } },
    async (request, reply) => {
      const { kind, id, n } = request.params;
      return send(
        reply,
        renderSvg(`${kind}-${id}-${n}`, `${kind === 'product' ? 'Product' : 'Service'} #${id}`),
      );
    },
  );
  app.get(
    '/media/seller/:file',
    {
      schema: {
        tags: ['media'],
        params: z.object({ file: z.string().regex(/^\d{1,15}\.svg$/) }),
        response: svgResponse,
      },
    },
    async (request, reply) =>
      send(reply, renderSvg(`seller-${request.params.file}`, 'MapleSource', 240, 240)),
  );
  app.get(
    '/media/blog/:file',
    {
      schema: {
        tags: ['media'],
        params: z.object({ file: z.string().regex(/^[a-z0-9-]{1,200}\.svg$/) }),
        response: svgResponse,
      },
    },
    async (request, reply) =>
      send(reply, renderSvg(`blog-${request.params.file}`, 'MapleSource blog', 1200, 630)),
  );
  app.get(
    '/media/hero.svg',
    { schema: { tags: ['media'], response: svgResponse } },
    async (_request, reply) => send(reply, renderSvg('hero', 'Buy Canadian', 1600, 700)),
  );
};
