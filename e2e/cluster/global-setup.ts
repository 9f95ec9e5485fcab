import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { missingPrerequisite } from '../../scripts/cluster.mjs';
import { cluster, clusterEngines } from './cluster-process';

/**
 * Starts the cluster before the cluster specs and stops it after them (nothing left running or listening); the
 * workers see E2E_CLUSTER_SKIP when the machine cannot run one.
 */
export default async function globalSetup() {
  // As the cluster test does: a machine without nginx, PostgreSQL or Redis skips the cluster specs, saying why.
  const missing = await missingPrerequisite(clusterEngines);
  if (missing) {
    process.env.E2E_CLUSTER_SKIP = missing;
    console.info(`cluster specs skipped: ${missing}`);
    return;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'maplesource-e2e-cluster-'));
  const releaseParent = mkdtempSync(path.join(os.tmpdir(), 'maplesource-e2e-release-'));
  process.env.E2E_CLUSTER_DIR = dir;
  process.env.E2E_CLUSTER_RELEASE = path.join(releaseParent, 'release');
  try {
    await cluster('start');
  } catch (error) {
    await cluster('stop').catch(() => undefined);
    throw error;
  }
  return async () => {
    try {
      await cluster('stop');
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(releaseParent, { recursive: true, force: true });
    }
  };
}
