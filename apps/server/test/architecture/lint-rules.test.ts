import path from 'node:path';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The lint rule of ARCHITECTURE rule 1 (eslint.config.js: import-x/no-restricted-paths zones), run through
 * ESLint's Node API on small texts placed at paths inside the server: a module's files are closed to everyone
 * but the module (its index.ts is its door), and no layer imports a higher one.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function restrictedPathMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, 'apps/server/src', file) });
  return result!.messages
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

describe('the import rule of module doors and server layers', () => {
  it("refuses a module importing another module's file, and accepts its door", async () => {
    const intoFile = await restrictedPathMessages(
      'modules/reviews/probe.ts',
      "import { getSeller } from '../sellers/sellers.service';\nexport const probe = getSeller;\n",
    );
    expect(intoFile).toEqual([expect.stringContaining('door')]);
    const throughDoor = await restrictedPathMessages(
      'modules/reviews/probe.ts',
      "import { sellersService } from '../sellers';\nexport const probe = sellersService;\n",
    );
    expect(throughDoor).toEqual([]);
  });

  it("refuses flows, services and app.ts importing a module's file", async () => {
    for (const file of ['flows/probe.ts', 'services/probe.ts', 'app-probe.ts']) {
      const from = file.includes('/') ? '../modules' : './modules';
      const messages = await restrictedPathMessages(
        file === 'app-probe.ts' ? 'app.ts' : file,
        `import { listSellers } from '${from}/sellers/sellers.service';\nexport const probe = listSellers;\n`,
      );
      expect(messages.length, file).toBeGreaterThan(0);
    }
  });

  it('refuses an import from a higher layer (plugins → modules → flows → services → app.ts)', async () => {
    const cases: [file: string, code: string][] = [
      [
        'plugins/probe.ts',
        "import { catalogModulePlugin } from '../modules/catalog';\nexport const p = catalogModulePlugin;\n",
      ],
      [
        'modules/catalog/probe.ts',
        "import { renameCategoryWorkflow } from '../../flows/admin/rename-category';\nexport const p = renameCategoryWorkflow;\n",
      ],
      [
        'flows/probe.ts',
        "import { buyerService } from '../services/buyer';\nexport const p = buyerService;\n",
      ],
      ['services/probe.ts', "import { buildApp } from '../app';\nexport const p = buildApp;\n"],
      ['db/probe.ts', "import { AppError } from '../plugins/errors';\nexport const p = AppError;\n"],
    ];
    for (const [file, code] of cases) {
      const messages = await restrictedPathMessages(file, code);
      expect(messages, file).toEqual([expect.stringContaining('never import upwards')]);
    }
    // Downwards is fine.
    expect(
      await restrictedPathMessages(
        'flows/probe.ts',
        "import { withTransaction } from '../db/transaction';\nimport type { CatalogService } from '../modules/catalog';\nexport type P = CatalogService;\nexport const p = withTransaction;\n",
      ),
    ).toEqual([]);
  });
});

describe('the import rule of flows', () => {
  it("refuses a flow importing another flow, and accepts the flows folder's shared files", async () => {
    const crossFlow = await restrictedPathMessages(
      'flows/invoice/probe.ts',
      "import { resolvePaymentReview } from '../payment/resolve-payment-review';\nexport const p = resolvePaymentReview;\n",
    );
    expect(crossFlow).toEqual([expect.stringContaining('A flow never imports another flow')]);
    const shared = await restrictedPathMessages(
      'flows/invoice/probe.ts',
      "import { runWorkflow } from '../run-workflow';\nimport { issueInvoice } from './issue-invoice';\nexport const p = [runWorkflow, issueInvoice];\n",
    );
    expect(shared).toEqual([]);
  });
});

describe('the import rule of web features', () => {
  async function webMessages(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, 'apps/web/src', file) });
    return result!.messages
      .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
      .map((message) => message.message);
  }

  it('refuses every feature folder, checkout and search included, importing another feature', async () => {
    const features = readdirSync(path.join(repoRoot, 'apps/web/src/features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(features).toEqual(expect.arrayContaining(['checkout', 'search', 'orders']));
    for (const feature of features) {
      const other = feature === 'orders' ? 'checkout' : 'orders';
      // The rule judges resolved paths: import a file that exists.
      const target = readdirSync(path.join(repoRoot, 'apps/web/src/features', other, 'api')).find((name) =>
        name.endsWith('.ts'),
      )!;
      const messages = await webMessages(
        `features/${feature}/probe.ts`,
        `import * as other from '../${other}/api/${target.replace(/\.ts$/, '')}';\nexport const p = other;\n`,
      );
      expect(messages, feature).toEqual([expect.stringContaining('Features do not import each other')]);
    }
    expect(
      await webMessages(
        'features/checkout/probe.ts',
        `import * as own from './api/${readdirSync(path.join(repoRoot, 'apps/web/src/features/checkout/api'))[0]!.replace(/\.tsx?$/, '')}';\nexport const p = own;\n`,
      ),
    ).toEqual([]);
  });
});
