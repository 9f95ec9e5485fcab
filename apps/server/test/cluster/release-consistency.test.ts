import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  clusterNodes,
  nginxValues,
  nodeEnvironment,
  renderNginxConfig,
} from '../../../../scripts/cluster.mjs';
import { migrateEntry, startEntry } from '../../../../scripts/release.mjs';

/**
 * The three ways a node is started — scripts/cluster.mjs (decision 295), the Dockerfile and compose.yaml (decision
 * 309) — run the release bundle's same commands, name the same settings, every one of them documented in the
 * README's settings table, and put nginx in front with the one template, deploy/nginx.conf.template.
 * Reads the files only: no image is built, nothing is started.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The final stage of the Dockerfile: its CMD (exec form) and the names its ENV instructions set. */
function dockerfile(): { cmd: string[]; env: string[] } {
  const text = read('Dockerfile').replace(/\\\n/g, ' ');
  const lastStage = text.slice(text.lastIndexOf('\nFROM '));
  const cmdLine = [...lastStage.matchAll(/^CMD (\[.*\])$/gm)].at(-1)?.[1];
  const env = [...lastStage.matchAll(/^ENV (.*)$/gm)].flatMap((match) =>
    [...(match[1] ?? '').matchAll(/([A-Z_][A-Z0-9_]*)=/g)].map((name) => name[1] ?? ''),
  );
  return { cmd: cmdLine ? (JSON.parse(cmdLine) as string[]) : [], env };
}

/** One service of compose.yaml: its command (flow list) and its environment's names and values. */
function composeService(name: string): { command: string[]; environment: Map<string, string>; text: string } {
  const text = read('compose.yaml');
  const start = text.indexOf(`\n  ${name}:\n`);
  expect(start, `compose.yaml has a ${name} service`).toBeGreaterThan(0);
  const rest = text.slice(start + 1);
  const next = rest.slice(1).search(/\n( {2}[a-z]|[a-z])/);
  const block = next < 0 ? rest : rest.slice(0, next + 1);
  const commandLine = /^ {4}command: (\[.*\])$/m.exec(block)?.[1];
  const environmentBlock = /^ {4}environment:\n((?: {6}.*\n)+)/m.exec(`${block}\n`)?.[1] ?? '';
  const environment = new Map(
    [...environmentBlock.matchAll(/^ {6}([A-Z_][A-Z0-9_]*): ?(.*)$/gm)].map(
      (match) => [match[1] ?? '', match[2] ?? ''] as const,
    ),
  );
  return {
    command: commandLine ? (JSON.parse(commandLine.replace(/'/g, '"')) as string[]) : [],
    environment,
    text: block,
  };
}

/** Every variable the README's settings table ("Environment variables") names. */
function readmeSettings(): Set<string> {
  const readme = read('README.md');
  const section = readme.slice(readme.indexOf('## Environment variables'));
  const table = section.slice(0, section.indexOf('\n## ', 1));
  const firstCells = [...table.matchAll(/^\| ([^|]+) \|/gm)].map((match) => match[1] ?? '');
  return new Set(
    firstCells.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1] ?? '')),
  );
}

const clusterSettings = Object.keys(
  nodeEnvironment(clusterNodes[0]!, 0, {
    database: 'maplesource_example',
    s3Endpoint: 'http://127.0.0.1:9000',
    publicUrl: 'http://127.0.0.1:4560',
    secrets: { COOKIE_SECRET: 'c'.repeat(64), PAYMENT_WEBHOOK_SECRET: 'p'.repeat(64) },
  }),
).sort();
const sorted = (names: Iterable<string>) => [...names].sort();

describe('release consistency: cluster script, Dockerfile, compose.yaml', () => {
  it('starts every node with the bundle start command, and migrates with its migrate command', () => {
    expect(startEntry).toBe('apps/server/dist/main.js');
    expect(dockerfile().cmd).toEqual(['node', startEntry]);
    expect(composeService('app').command).toEqual(['node', startEntry]);
    expect(composeService('payment').command).toEqual(['node', startEntry]);
    expect(composeService('migrate').command).toEqual(['node', migrateEntry]);
    // The cluster script spawns `node <CLUSTER_RELEASE>/<startEntry>` for each node.
    expect(read('scripts/cluster.mjs')).toContain('const serverMain = path.join(release, startEntry);');
    expect(clusterNodes.map((node) => node.services)).toEqual(['buyer,chat', 'buyer,chat', 'payment']);
    expect(composeService('app').environment.get('SERVICES')).toBe('buyer,chat');
    expect(composeService('payment').environment.get('SERVICES')).toBe('payment');
  });

  it('gives the nodes the same settings in the cluster and in compose, and the image only some of them', () => {
    expect(clusterSettings).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'S3_BUCKET', 'COOKIE_SECRET']),
    );
    expect(sorted(composeService('app').environment.keys())).toEqual(clusterSettings);
    expect(sorted(composeService('payment').environment.keys())).toEqual(clusterSettings);
    const migrateSettings = [...composeService('migrate').environment.keys()];
    expect(migrateSettings.filter((name) => !clusterSettings.includes(name))).toEqual([]);
    const imageSettings = dockerfile().env;
    expect(imageSettings).toEqual(expect.arrayContaining(['NODE_ENV', 'HOST', 'PORT', 'DATA_DIR']));
    expect(imageSettings.filter((name) => !clusterSettings.includes(name))).toEqual([]);
  });

  it('documents every setting the nodes are given in the README settings table', () => {
    const documented = readmeSettings();
    expect(documented.size).toBeGreaterThan(40);
    const given = new Set([
      ...clusterSettings,
      ...dockerfile().env,
      ...composeService('app').environment.keys(),
    ]);
    expect([...given].filter((name) => !documented.has(name))).toEqual([]);
  });

  it('puts nginx in front with the one template, filled the same way by the cluster and by compose', () => {
    const template = read('deploy/nginx.conf.template');
    const placeholders = sorted(
      new Set([...template.matchAll(/\$\{([A-Z_]+)\}/g)].map((match) => match[1] ?? '')),
    );
    const nginx = composeService('nginx');
    expect(nginx.text).toContain('./deploy/nginx.conf.template:/etc/nginx/templates/nginx.conf.template');
    expect(nginx.environment.get('NGINX_ENVSUBST_OUTPUT_DIR')).toBe('/etc/nginx');
    const composeValues = Object.fromEntries(
      [...nginx.environment].filter(([name]) => name !== 'NGINX_ENVSUBST_OUTPUT_DIR'),
    );
    expect(sorted(Object.keys(composeValues))).toEqual(placeholders);
    expect(sorted(Object.keys(nginxValues()))).toEqual(placeholders);

    for (const config of [renderNginxConfig(nginxValues()), renderNginxConfig(composeValues)]) {
      expect(config).not.toMatch(/\$\{/);
      expect(config).toMatch(/upstream maple_app \{\n\s+hash \$sticky_key consistent;\n\s+server \S+:\d+ /);
      expect(config).toMatch(/upstream maple_payment \{\n\s+server \S+:\d+ /);
      // Never marked failed (the template says why: a WebSocket would keep a restarted node in probation).
      const servers = [...config.matchAll(/^\s+server \S+:\d+ (.*);$/gm)].map((match) => match[1]);
      expect(servers.length).toBeGreaterThan(1);
      expect(servers.every((options) => options === 'max_fails=0')).toBe(true);
      expect(config).toContain('location = /metrics {\n      return 404;');
    }
    expect(() => renderNginxConfig({})).toThrow(/no value for NGINX_/);
  });
});
