import path from 'node:path';
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

  it("refuses workflows, services and app.ts importing a module's file", async () => {
    for (const file of ['workflows/probe.ts', 'services/probe.ts', 'app-probe.ts']) {
      const from = file.includes('/') ? '../modules' : './modules';
      const messages = await restrictedPathMessages(
        file === 'app-probe.ts' ? 'app.ts' : file,
        `import { listSellers } from '${from}/sellers/sellers.service';\nexport const probe = listSellers;\n`,
      );
      expect(messages.length, file).toBeGreaterThan(0);
    }
  });

  it('refuses an import from a higher layer (plugins → modules → workflows → services → app.ts)', async () => {
    const cases: [file: string, code: string][] = [
      [
        'plugins/probe.ts',
        "import { catalogModulePlugin } from '../modules/catalog';\nexport const p = catalogModulePlugin;\n",
      ],
      [
        'modules/catalog/probe.ts',
        "import { renameCategoryWorkflow } from '../../workflows/rename-category';\nexport const p = renameCategoryWorkflow;\n",
      ],
      [
        'workflows/probe.ts',
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
        'workflows/probe.ts',
        "import { withTransaction } from '../db/transaction';\nimport type { CatalogService } from '../modules/catalog';\nexport type P = CatalogService;\nexport const p = withTransaction;\n",
      ),
    ).toEqual([]);
  });
});
