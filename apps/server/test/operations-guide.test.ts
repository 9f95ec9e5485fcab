import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../src/config.js';

/**
 * docs/operations.md is what an operator sets production from: every setting it names must be one the server
 * reads, and every setting the cluster script gives its app nodes (decision 295) must be explained there.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const guide = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
const clusterScript = readFileSync(path.join(root, 'scripts/cluster.mjs'), 'utf8');

const settingsSection = guide.slice(guide.indexOf('## Production settings'), guide.indexOf('## Runbook'));
const guideSettings = new Set([...settingsSection.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]));

/** The keys of the environment object the script passes to each app node (`startProcess(…, [serverMain], {…})`). */
function clusterNodeSettings(): string[] {
  const start = clusterScript.indexOf('[serverMain], {');
  const end = clusterScript.indexOf('...secrets', start);
  expect(start, 'cluster.mjs starts its app nodes from serverMain').toBeGreaterThan(0);
  const block = clusterScript.slice(start, end);
  const secretsBlock = clusterScript.slice(clusterScript.indexOf('const secrets = {'), start);
  return [...`${secretsBlock}\n${block}`.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]);
}

describe('operations guide', () => {
  it('names only settings the server reads', () => {
    const known = new Set(Object.keys(configSchema.shape));
    expect(guideSettings.size).toBeGreaterThan(10);
    expect([...guideSettings].filter((name) => !known.has(name))).toEqual([]);
  });

  it('explains every setting the cluster script gives its app nodes', () => {
    const nodeSettings = clusterNodeSettings();
    expect(nodeSettings).toEqual(expect.arrayContaining(['DATABASE_URL', 'COOKIE_SECRET', 'TRUST_PROXY']));
    expect(nodeSettings.filter((name) => !guideSettings.has(name))).toEqual([]);
  });
});
