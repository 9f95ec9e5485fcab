import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cluster } from './cluster-process';

/** Starts the cluster before the cluster specs and stops it after them (nothing left running or listening). */
export default async function globalSetup() {
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
