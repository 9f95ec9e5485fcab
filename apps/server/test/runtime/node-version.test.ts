import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};

function parts(version: string): [number, number, number] {
  const match = /(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!match) throw new Error(`not a version: ${version}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function atLeast(actual: string, minimum: string): boolean {
  const a = parts(actual);
  const m = parts(minimum);
  for (let i = 0; i < 3; i += 1) if (a[i] !== m[i]) return a[i]! > m[i]!;
  return true;
}

// The project runs on the Node it pins as a development dependency (decision 237): npm scripts put
// node_modules/.bin/node first on PATH, whatever the machine's own Node is.
describe('the Node.js runtime', () => {
  it('is declared as a ">=" minimum on a supported LTS line', () => {
    expect(manifest.engines.node).toMatch(/^>=(24|26)\.\d+\.\d+$/);
  });

  it('runs the tests with a Node at least as new as package.json declares', () => {
    const minimum = manifest.engines.node.replace(/^>=/, '');
    expect(atLeast(process.versions.node, minimum), `Node ${process.versions.node} < ${minimum}`).toBe(true);
  });

  it('pins the same Node line in .nvmrc and the development dependency', () => {
    const nvmrc = readFileSync(path.join(root, '.nvmrc'), 'utf8').trim();
    const pinned = manifest.devDependencies.node;
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pinned!.split('.')[0]).toBe(nvmrc);
    expect(atLeast(pinned!, manifest.engines.node.replace(/^>=/, ''))).toBe(true);
  });
});
