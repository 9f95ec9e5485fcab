#!/usr/bin/env node
/**
 * `npm run release [-- <dir>]`: a self-contained release bundle (decision 309) in release/maplesource-<version>/
 * (or <dir>, or RELEASE_DIR), from the build (`npm run build` is run first when apps/server/dist is missing).
 *
 * The bundle keeps the repository's layout, so the server finds its web app and migrations where it always does:
 *   apps/server/dist/        the bundled server (main.js, migrate.js, seed.js, migrations/)
 *   apps/web/dist/           the built web app (pre-compressed)
 *   node_modules/, apps/server/node_modules/   the server's production dependencies only, copied from this
 *                            install (no network: `npm ci --omit=dev` needs the registry or a warm npm cache)
 *   package.json, package-lock.json            the production dependencies and their exact resolved versions
 *   bin/start, bin/migrate   what a node runs (needs Node.js 24 on the PATH)
 *   bin/backup, bin/restore  the embedded node's online backup and its restore (decision 318): scripts/backup.mjs,
 *                            with its one dependency (tar-stream) among the production packages
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The commands a node runs, relative to the bundle: shared with scripts/cluster.mjs, the Dockerfile and compose.yaml. */
export const startEntry = 'apps/server/dist/main.js';
export const migrateEntry = 'apps/server/dist/migrate.js';
/** The embedded node's backup script (decision 318), copied as is: `bin/backup` and `bin/restore` run it. */
export const backupEntry = 'scripts/backup.mjs';
/** What the backup script imports beyond Node itself: shipped with the server's production dependencies. */
const backupDependencies = ['tar-stream'];

export function releaseVersion() {
  const { version } = JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
  return commit.status === 0 ? `${version}-${commit.stdout.trim()}` : version;
}

export function defaultReleaseDir() {
  return path.join(root, 'release', `maplesource-${releaseVersion()}`);
}

/**
 * The production closure of apps/server as installed: each dependency found the way Node finds it (the nearest
 * node_modules/<name> up from the package that needs it, read from disk rather than the lockfile, which may hoist
 * differently than this install did), optional ones only when installed on this machine (other platforms'
 * binaries are not), peers unless optional. Workspace packages are bundled into dist by build.mjs and left out.
 * Answers locations relative to the repository, e.g. `node_modules/pg`, `node_modules/a/node_modules/b`.
 */
export function productionPackages() {
  const found = new Map();
  const readPkg = (location) => JSON.parse(readFileSync(path.join(root, location, 'package.json'), 'utf8'));
  const resolve = (from, name) => {
    let base = from;
    for (;;) {
      const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
      if (existsSync(path.join(root, candidate, 'package.json'))) return candidate;
      if (!base) return undefined;
      const cut = base.lastIndexOf('/node_modules/');
      base = cut >= 0 ? base.slice(0, cut) : '';
    }
  };
  const visit = (from, deps, optional) => {
    for (const name of Object.keys(deps ?? {})) {
      if (name.startsWith('@maplesource/')) continue;
      const location = resolve(from, name);
      if (!location) {
        if (optional) continue;
        throw new Error(`${name} (needed by ${from}) is not installed: run npm ci`);
      }
      if (found.has(location)) continue;
      const pkg = readPkg(location);
      found.set(location, pkg.version);
      const optionalPeers = pkg.peerDependenciesMeta ?? {};
      visit(location, pkg.dependencies, false);
      visit(location, pkg.optionalDependencies, true);
      visit(
        location,
        Object.fromEntries(
          Object.entries(pkg.peerDependencies ?? {}).filter(([peer]) => !optionalPeers[peer]?.optional),
        ),
        false,
      );
    }
  };
  const server = readPkg('apps/server');
  visit('apps/server', server.dependencies, false);
  visit('apps/server', server.optionalDependencies, true);
  const rootPkg = readPkg('');
  const rootVersions = { ...rootPkg.dependencies, ...rootPkg.devDependencies };
  visit('', Object.fromEntries(backupDependencies.map((name) => [name, rootVersions[name]])), false);
  return [...found.keys()].sort();
}

/**
 * Copies a package's files, without its nested node_modules (packages of their own in the walk). Files are hard
 * links when the bundle is on the same file system (fast, no space: an installed package is never edited in
 * place), copies otherwise.
 */
function copyPackage(from, to) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else if (entry.isDirectory()) copyPackage(source, target);
    else if (lstatSync(source).isFile()) {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
    }
  }
}

export function makeRelease(out = defaultReleaseDir()) {
  if (!existsSync(path.join(root, startEntry)) || !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    console.log('[release] no build yet: npm run build');
    const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const serverPkg = JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
  const rootPkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const locations = productionPackages();

  rmSync(out, { recursive: true, force: true });
  mkdirSync(path.join(out, 'bin'), { recursive: true });
  cpSync(path.join(root, 'apps/server/dist'), path.join(out, 'apps/server/dist'), { recursive: true });
  cpSync(path.join(root, 'apps/web/dist'), path.join(out, 'apps/web/dist'), { recursive: true });
  mkdirSync(path.dirname(path.join(out, backupEntry)), { recursive: true });
  copyFileSync(path.join(root, backupEntry), path.join(out, backupEntry));
  for (const location of locations) copyPackage(path.join(root, location), path.join(out, location));

  const rootVersions = { ...rootPkg.dependencies, ...rootPkg.devDependencies };
  const dependencies = Object.fromEntries([
    ...Object.entries(serverPkg.dependencies).filter(([name]) => !name.startsWith('@maplesource/')),
    ...backupDependencies.map((name) => [name, rootVersions[name]]),
  ]);
  const version = path.basename(out).replace(/^maplesource-/, '');
  const pkg = {
    name: 'maplesource-release',
    version: serverPkg.version,
    private: true,
    type: 'module',
    engines: rootPkg.engines,
    scripts: {
      start: `node ${startEntry}`,
      migrate: `node ${migrateEntry}`,
      backup: `node ${backupEntry} backup`,
      restore: `node ${backupEntry} restore`,
    },
    dependencies,
  };
  writeFileSync(path.join(out, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  // The lockfile of exactly what was copied: `npm ci --omit=dev` rebuilds this node_modules where a registry answers.
  // Versions as installed; resolved/integrity from the repository's lockfile where it has the same version.
  const lockPackages = { '': { name: pkg.name, version: pkg.version, dependencies, engines: pkg.engines } };
  const byNameVersion = new Map();
  for (const [location, entry] of Object.entries(lock.packages))
    if (location.includes('node_modules/'))
      byNameVersion.set(
        `${location.slice(location.lastIndexOf('node_modules/') + 13)}@${entry.version}`,
        entry,
      );
  for (const location of locations) {
    const installed = JSON.parse(readFileSync(path.join(root, location, 'package.json'), 'utf8'));
    const locked = byNameVersion.get(`${installed.name}@${installed.version}`) ?? {};
    lockPackages[location] = {
      version: installed.version,
      ...(locked.resolved ? { resolved: locked.resolved } : {}),
      ...(locked.integrity ? { integrity: locked.integrity } : {}),
      ...(installed.dependencies ? { dependencies: installed.dependencies } : {}),
      ...(installed.optionalDependencies ? { optionalDependencies: installed.optionalDependencies } : {}),
      ...(installed.peerDependencies ? { peerDependencies: installed.peerDependencies } : {}),
    };
  }
  writeFileSync(
    path.join(out, 'package-lock.json'),
    `${JSON.stringify({ name: pkg.name, version: pkg.version, lockfileVersion: 3, requires: true, packages: lockPackages }, null, 2)}\n`,
  );
  // INIT_CWD: the backup script reads paths typed by the operator (--out, a backup file) from where they typed them.
  const script = (command) =>
    `#!/bin/sh\n# MapleSource ${version} (decision 309): settings from the environment (README).\nINIT_CWD="\${INIT_CWD:-$PWD}"; export INIT_CWD\ncd "$(dirname "$0")/.." && exec node ${command} "$@"\n`;
  const bins = {
    start: startEntry,
    migrate: migrateEntry,
    backup: `${backupEntry} backup`,
    restore: `${backupEntry} restore`,
  };
  for (const [name, command] of Object.entries(bins)) {
    writeFileSync(path.join(out, 'bin', name), script(command));
    chmodSync(path.join(out, 'bin', name), 0o755);
  }
  writeFileSync(path.join(out, 'RELEASE'), `${version}\n`);
  console.log(
    `[release] ${path.relative(process.cwd(), out) || out}: ${locations.length} production packages`,
  );
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    makeRelease(path.resolve(process.argv[2] || process.env.RELEASE_DIR || defaultReleaseDir()));
  } catch (error) {
    console.error(`[release] failed: ${error.message}`);
    process.exit(1);
  }
}
