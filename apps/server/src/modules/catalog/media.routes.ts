import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf } from '../../db/transaction';
import { categoryDrawing } from './catalog-illustrations';

/**
 * Generated images (no binary files in the repository): a deterministic SVG per product, service, seller,
 * blog cover and the hero, drawn from the id. Products and services show a drawing of their category (no
 * internal ids on screen). Cached for a year (the picture of an id never changes).
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

/**
 * A catalogue picture: the category's drawing large in the middle on a soft background; the image number turns
 * the palette and the framing so the images of one item differ. No text.
 */
export function renderCatalogueSvg(
  seed: string,
  drawing: string,
  n: number,
  width = 640,
  height = 480,
): string {
  const h = hash(seed);
  const [fg, bg] = palettes[(h + n) % palettes.length]!;
  const size = Math.min(width, height) * (n % 2 === 0 ? 0.62 : 0.5);
  const x = (width - size) / 2 + (n % 3 === 1 ? -width * 0.08 : n % 3 === 2 ? width * 0.08 : 0);
  const y = (height - size) / 2;
  const dots: string[] = [];
  for (let i = 0; i < 4; i++) {
    const v = hash(`${seed}:${i}`);
    dots.push(
      `<circle cx="${v % width}" cy="${(v >>> 10) % height}" r="${30 + ((v >>> 20) % 70)}" fill="${fg}" opacity="0.07"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" aria-hidden="true"><rect width="100%" height="100%" fill="${bg}"/>${dots.join('')}<g transform="translate(${x} ${y}) scale(${size / 100})" fill="none" stroke="${fg}" stroke-width="4" stroke-linejoin="round" stroke-linecap="round" color="${fg}">${drawing}</g></svg>`;
}

/** A cover whose words and mark stay in the middle, so any crop (16:9 cards, 1.91:1 social cards) keeps them. */
export function renderCoverSvg(seed: string, label: string, width = 1200, height = 630): string {
  const h = hash(seed);
  const [fg, bg] = palettes[h % palettes.length]!;
  const dots: string[] = [];
  for (let i = 0; i < 6; i++) {
    const v = hash(`${seed}:${i}`);
    dots.push(
      `<circle cx="${v % width}" cy="${(v >>> 10) % height}" r="${40 + ((v >>> 20) % 110)}" fill="${fg}" opacity="0.${1 + (i % 3)}"/>`,
    );
  }
  const leaf = `<path transform="translate(${width / 2 - 50} ${height / 2 - 150}) scale(1)" fill="${fg}" d="M50 0l10 25 20-10-8 30 23-3-18 22 12 8-35 6 2 22h-12l2-22-35-6 12-8-18-22 23 3-8-30 20 10z"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeXml(label)}"><rect width="100%" height="100%" fill="${bg}"/>${dots.join('')}${leaf}<text x="${width / 2}" y="${height / 2 + 40}" text-anchor="middle" font-family="system-ui,sans-serif" font-size="56" font-weight="700" fill="${fg}">${escapeXml(label.slice(0, 40))}</text></svg>`;
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
      const table = sql.raw(kind === 'product' ? 'products' : 'services');
      const found = rowsOf<{ slug: string }>(
        await app.db.execute(
          sql`SELECT c.slug FROM ${table} x JOIN categories c ON c.id = x.category_id WHERE x.id = ${Number(id)}`,
        ),
      );
      return send(
        reply,
        renderCatalogueSvg(`${kind}-${id}`, categoryDrawing(found[0]?.slug), Number.parseInt(n, 10)),
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
    async (request, reply) => send(reply, renderCoverSvg(`blog-${request.params.file}`, 'MapleSource')),
  );
  app.get(
    '/media/hero.svg',
    { schema: { tags: ['media'], response: svgResponse } },
    async (_request, reply) => send(reply, renderSvg('hero', 'Buy Canadian', 1600, 700)),
  );
};
