import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../src/config.js';
import { clusterNodes, nodeEnvironment } from '../../../scripts/cluster.mjs';

/**
 * docs/operations.md is what an operator sets production from: every setting it names must be one the server
 * reads, and every setting the cluster script gives its app nodes (decision 295) must be explained there.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const guide = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');

const settingsSection = guide.slice(guide.indexOf('## Production settings'), guide.indexOf('## Runbook'));
const guideSettings = new Set([...settingsSection.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]));

/** The settings the cluster script gives each app node besides its own environment (decision 295). */
function clusterNodeSettings(): string[] {
  return Object.keys(
    nodeEnvironment(clusterNodes[0]!, 0, {
      database: 'maplesource_example',
      s3Endpoint: 'http://127.0.0.1:9000',
      publicUrl: 'http://127.0.0.1:4560',
      secrets: { COOKIE_SECRET: 'c'.repeat(64), PAYMENT_WEBHOOK_SECRET: 'p'.repeat(64) },
    }),
  );
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
