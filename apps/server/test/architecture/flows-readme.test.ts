import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * flows/README.md is the one page with the whole deal pipeline. It must not drift from the code: every flow folder
 * has its section, every flow has exactly one routes file, and every file, subscriber, event and job it names exists.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const flowsDir = path.join(src, 'flows');
const readme = readFileSync(path.join(flowsDir, 'README.md'), 'utf8');
const flows = readdirSync(flowsDir).filter((name) => statSync(path.join(flowsDir, name)).isDirectory());

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}
const code = sourceFiles(src)
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');
const codeSpans = [...readme.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

describe('flows/README.md', () => {
  it('has a section for every flow folder, and every flow has exactly one routes file', () => {
    expect(flows.length).toBeGreaterThan(5);
    for (const flow of flows) {
      expect(readme, flow).toContain(`### ${flow}\n`);
      const routes = readdirSync(path.join(flowsDir, flow)).filter((name) => name.endsWith('.routes.ts'));
      expect(routes, flow).toEqual([`${flow}.routes.ts`]);
    }
  });

  it('names only files that exist', () => {
    const files = codeSpans.filter((span) => /^[\w./-]+\.(ts|js)$/.test(span) && !span.includes('<'));
    expect(files.length).toBeGreaterThan(10);
    // A path is from apps/server/src (or the server's or the repository's root); a bare name is in flows/.
    const bases = [src, path.join(src, '..'), path.join(src, '../../..'), flowsDir];
    for (const file of files)
      expect(
        bases.some((base) => existsSync(path.join(base, file))),
        file,
      ).toBe(true);
  });

  it('names only subscribers, events and jobs that the code registers or emits', () => {
    const names = codeSpans.filter((span) => /^[a-z-]+\.[a-z-]+$/.test(span) && !span.endsWith('.ts'));
    expect(names).toEqual(
      expect.arrayContaining(['notifications.order-paid', 'chat.live-business-actions', 'invoices.expire']),
    );
    for (const name of names) expect(code.includes(`'${name}'`), name).toBe(true);
  });

  it('names every subscriber that a flow event reaches', () => {
    for (const subscriber of [
      'notifications.order-unpaid',
      'notifications.invoice-expired',
      'chat.invoice-expired',
      'notifications.mail-invoice-issued',
      'notifications.mail-invoice-rejected',
      'notifications.mail-order-changed',
      'notifications.mail-payment-review',
    ])
      expect(readme).toContain(`\`${subscriber}\``);
  });
});
