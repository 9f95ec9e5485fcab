import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parse, sourceFiles, src } from './source-files';
import { tableOwners } from './table-owners';

/**
 * ARCHITECTURE rule 1, checked on the source (decision 060):
 * - a module's SQL (string and template literals of its .ts files) names only tables it owns (table-owners.ts),
 *   with no allowlist (decision 110);
 * - drawn as module → module arrows (imports between module folders, and fastify-plugin `dependencies`), the
 *   modules stand in layers: no cycle, so no two modules import each other and every arrow points down.
 */
const modulesDir = path.join(src, 'modules');
const modules = readdirSync(modulesDir).filter((name) => statSync(path.join(modulesDir, name)).isDirectory());

interface Literal {
  /** The literal's text; a template's substitutions are `${}`. */
  text: string;
  /** A plain string used as a value (object property, sql.raw argument): a table name held for later SQL. */
  heldName: boolean;
}

function literalsOf(file: string): Literal[] {
  const found: Literal[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const parent = node.parent;
      const heldName =
        (ts.isPropertyAssignment(parent) && parent.initializer === node) ||
        (ts.isCallExpression(parent) && parent.expression.getText() === 'sql.raw');
      if (!ts.isImportDeclaration(parent) && !ts.isExportDeclaration(parent))
        found.push({ text: node.text, heldName });
    } else if (ts.isTemplateExpression(node)) {
      const text = [node.head.text, ...node.templateSpans.map((span) => `\${}${span.literal.text}`)].join('');
      const parent = node.parent;
      found.push({
        text,
        heldName: ts.isCallExpression(parent) && parent.expression.getText() === 'sql.raw',
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(file));
  return found;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const readKeywords = String.raw`(?:FROM|JOIN|TABLE|REFERENCES|EXISTS)`;
const writeKeywords = String.raw`(?:INTO|UPDATE|DELETE\s+FROM|TRUNCATE)`;
/** `${kind}_reviews` names product_reviews and service_reviews. */
const templated = (table: string) => {
  const suffix = table.match(/^(?:product|service)(_\w+)$/)?.[1];
  return suffix ? String.raw`|\$\{\}${escape(suffix)}` : '';
};
const namePattern = (table: string) => String.raw`(?:${escape(table)}${templated(table)})(?![\w])`;

interface TableUse {
  module: string;
  file: string;
  table: string;
  write: boolean;
}

/**
 * Each table's patterns, compiled once: every literal of every module is tried against every table (compiling
 * them per literal took most of this file's time). Every pattern needs the table's name (or its `${}` suffix) in
 * the text, so a literal without one is not tried.
 */
const tablePatterns = Object.keys(tableOwners).map((table) => {
  const name = namePattern(table);
  const suffix = table.match(/^(?:product|service)(_\w+)$/)?.[1];
  return {
    table,
    needles: [table, ...(suffix ? [`\${}${suffix}`] : [])].map((needle) => needle.toLowerCase()),
    write: new RegExp(String.raw`\b${writeKeywords}\s+(?:ONLY\s+)?${name}`, 'i'),
    read: new RegExp(String.raw`\b${readKeywords}\s+(?:ONLY\s+)?${name}`, 'i'),
    aliased: new RegExp(String.raw`(?:^|\s|,)${name}\s+(?:[a-z]{1,3})?\s*(?:ON|WHERE|,)\b`, 'i'),
    held: new RegExp(String.raw`^${name}$`),
    defined: new RegExp(String.raw`pgTable\(\s*'${escape(table)}'`),
  };
});

function tableUses(module: string): TableUse[] {
  const uses: TableUse[] = [];
  for (const file of sourceFiles(path.join(modulesDir, module))) {
    const relative = path.relative(path.join(modulesDir, module), file);
    for (const literal of literalsOf(file)) {
      const lower = literal.text.toLowerCase();
      for (const patterns of tablePatterns) {
        if (!patterns.needles.some((needle) => lower.includes(needle))) continue;
        const write = patterns.write.test(literal.text);
        const read =
          patterns.read.test(literal.text) ||
          patterns.aliased.test(literal.text) ||
          (literal.heldName && patterns.held.test(literal.text)) ||
          patterns.defined.test(literal.text);
        if (write || read) uses.push({ module, file: relative, table: patterns.table, write });
      }
    }
    // Drizzle table definitions: pgTable('<name>', ...) in a module's *.tables.ts.
    for (const match of readFileSync(file, 'utf8').matchAll(/pgTable\(\s*'(\w+)'/g))
      uses.push({ module, file: relative, table: match[1]!, write: true });
  }
  return uses;
}

function migrationTables(): string[] {
  const dir = path.join(src, 'db/migrations');
  const names = new Set<string>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.sql')))
    for (const match of readFileSync(path.join(dir, file), 'utf8').matchAll(
      /CREATE\s+(?:UNLOGGED\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)/gi,
    ))
      names.add(match[1]!);
  return [...names].sort();
}

describe('table ownership', () => {
  it('gives every table the migrations create an owner', () => {
    expect(migrationTables().filter((table) => !(table in tableOwners))).toEqual([]);
  });

  it("finds a module's SQL naming another module's table (the check can fail)", () => {
    const probe = {
      text: 'SELECT rating FROM product_reviews r JOIN products p ON p.id = r.product_id',
      heldName: false,
    };
    const names = Object.keys(tableOwners).filter((table) =>
      new RegExp(String.raw`\b${readKeywords}\s+${namePattern(table)}`, 'i').test(probe.text),
    );
    expect(names.sort()).toEqual(['product_reviews', 'products']);
    expect(
      new RegExp(String.raw`\b${readKeywords}\s+${namePattern('product_reviews')}`, 'i').test(
        'FROM ${}_reviews',
      ),
    ).toBe(true);
  });

  it("lets no module read or write another module's table", () => {
    const foreign = modules.flatMap((module) =>
      tableUses(module).filter((use) => tableOwners[use.table] !== module),
    );
    expect(foreign).toEqual([]);
  });
});

/** module → the modules it uses: its files' imports into other module folders, and its plugin's dependencies. */
function moduleArrows(): Map<string, Set<string>> {
  const arrows = new Map(modules.map((module) => [module, new Set<string>()]));
  for (const module of modules) {
    for (const file of sourceFiles(path.join(modulesDir, module))) {
      const source = parse(file);
      for (const statement of source.statements) {
        if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
        const specifier = statement.moduleSpecifier;
        if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
        const target = path.relative(modulesDir, path.resolve(path.dirname(file), specifier.text));
        const other = target.split(path.sep)[0]!;
        if (!target.startsWith('..') && other !== module && modules.includes(other))
          arrows.get(module)!.add(other);
      }
      for (const match of source.text.matchAll(/dependencies:\s*\[([^\]]*)\]/g))
        for (const dependency of match[1]!.matchAll(/'([\w-]+)-module'/g))
          if (dependency[1] !== module && modules.includes(dependency[1]!))
            arrows.get(module)!.add(dependency[1]!);
    }
  }
  return arrows;
}

/** Layers bottom-up (a module's layer is one above the highest module it uses), or the modules on a cycle. */
export function layersOf(arrows: Map<string, Set<string>>): { layers: string[][] } | { cycle: string[] } {
  const layer = new Map<string, number>();
  const visiting: string[] = [];
  const visit = (module: string): number | string[] => {
    if (layer.has(module)) return layer.get(module)!;
    const at = visiting.indexOf(module);
    if (at >= 0) return [...visiting.slice(at), module];
    visiting.push(module);
    let level = 0;
    for (const used of [...arrows.get(module)!].sort()) {
      const below = visit(used);
      if (Array.isArray(below)) return below;
      level = Math.max(level, below + 1);
    }
    visiting.pop();
    layer.set(module, level);
    return level;
  };
  for (const module of [...arrows.keys()].sort()) {
    const result = visit(module);
    if (Array.isArray(result)) return { cycle: result };
  }
  const layers: string[][] = [];
  for (const [module, level] of [...layer].sort()) (layers[level] ??= []).push(module);
  return { layers };
}

describe('module layers', () => {
  it('finds a cycle when two modules use each other (the check can fail)', () => {
    const tied = new Map([
      ['catalog', new Set(['sellers'])],
      ['sellers', new Set(['catalog'])],
      ['content', new Set(['catalog'])],
    ]);
    expect(layersOf(tied)).toEqual({ cycle: ['catalog', 'sellers', 'catalog'] });
  });

  it('has no cycle: every module → module arrow points down', () => {
    const arrows = moduleArrows();
    const result = layersOf(arrows);
    expect(result).not.toHaveProperty('cycle');
    if ('layers' in result) {
      const drawn = result.layers
        .map((modulesOfLayer, level) =>
          modulesOfLayer
            .map((m) => `${level}: ${m} → ${[...arrows.get(m)!].sort().join(', ') || '∅'}`)
            .join('\n'),
        )
        .reverse()
        .join('\n');
      console.info(`module layers (top first):\n${drawn}`);
      for (const [module, used] of arrows)
        for (const other of used)
          expect(result.layers.findIndex((l) => l.includes(other))).toBeLessThan(
            result.layers.findIndex((l) => l.includes(module)),
          );
    }
  });
});
