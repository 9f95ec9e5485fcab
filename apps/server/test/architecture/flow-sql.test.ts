import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parse, sourceFiles, src } from './source-files';
import { tableOwners } from './table-owners';

/**
 * Flows own their SQL; modules export operations, not SQL fragments (decision 294). Checked on the source:
 * - a flow's SQL (the `sql` templates and `sql.raw` strings of `flows/<flow>/*.sql.ts`) names only tables of the
 *   modules its operation writes through — the module doors that the `.sql.ts` file and its operation file import —
 *   and the common-table expressions it defines itself or splices from the ports (`plugins/`, e.g. the session
 *   check and the outbox); any other name fails, a table no migration creates included;
 * - a flow folder's other files hold no SQL: a statement lives in the `<operation>.sql.ts` beside its operation.
 */
const flowsDir = path.join(src, 'flows');
const flows = readdirSync(flowsDir).filter((name) => statSync(path.join(flowsDir, name)).isDirectory());

/** The SQL texts of a file: its `sql` tagged templates and `sql.raw` strings (a substitution reads `${}`). */
export function sqlTextsOf(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const textOf = (node: ts.Node): string | null => {
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isStringLiteral(node)) return node.text;
    if (ts.isTemplateExpression(node))
      return [node.head.text, ...node.templateSpans.map((span) => `\${}${span.literal.text}`)].join('');
    return null;
  };
  const visit = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText() === 'sql') {
      const text = textOf(node.template);
      if (text !== null) found.push(text);
    } else if (ts.isCallExpression(node) && node.expression.getText() === 'sql.raw' && node.arguments[0]) {
      const text = textOf(node.arguments[0]);
      if (text !== null) found.push(text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Words that follow a table keyword without being a table (`DO UPDATE SET`, `FROM LATERAL …`). */
const notNames = new Set(['set', 'select', 'lateral', 'only', 'values', 'unnest', 'jsonb_to_recordset']);

/** The relation names a SQL text reads or writes: after FROM, JOIN, INTO, UPDATE, TABLE, REFERENCES. */
export function relationsOf(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(
    /\b(?:FROM|JOIN|INTO|UPDATE|TABLE|REFERENCES)\s+(?:ONLY\s+)?([A-Za-z_]\w*)(\()?/gi,
  )) {
    // `FROM unnest(…)`, `EXTRACT(EPOCH FROM now())`: a function, not a relation.
    if (match[2]) continue;
    const name = match[1]!.toLowerCase();
    if (!notNames.has(name)) names.push(name);
  }
  return names;
}

/** The common-table expressions a SQL text defines: `name AS (` at its start or after WITH or a comma. */
export function ctesOf(text: string): string[] {
  return [
    ...text.matchAll(/(?:^|\bWITH\s+|,\s*)([A-Za-z_]\w*)\s+AS\s+(?:NOT\s+)?(?:MATERIALIZED\s+)?\(/gi),
  ].map((match) => match[1]!.toLowerCase());
}

/** The modules whose doors a file imports (`../../modules/<m>`). */
function doorsOf(file: string): string[] {
  const doors: string[] = [];
  for (const statement of parse(file).statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
    const target = path.relative(path.join(src, 'modules'), path.resolve(path.dirname(file), specifier.text));
    if (!target.startsWith('..')) doors.push(target.split(path.sep)[0]!);
  }
  return doors;
}

/**
 * The common-table expressions of the statement parts a flow splices from the ports: the session check
 * (`SessionCheck.ctesOver`, plugins/auth, decision 225) and the outbox (`events.outboxTemplate`, plugins/events).
 */
const portCtes = new Set(['session_ok', 'session_touch', 'outbox_event', 'outbox_deliveries']);

interface Misnamed {
  file: string;
  name: string;
  why: 'unknown' | 'not-written-through';
}

/** What a flow's `.sql.ts` names that it may not: `text` replaces the file's content (for the probe). */
function misnamedIn(file: string, text?: string): Misnamed[] {
  const source = parse(file, text);
  const texts = sqlTextsOf(source);
  const operation = file.replace(/\.sql\.ts$/, '.ts');
  const doors = new Set([
    ...doorsOf(file),
    ...(operation !== file && statSync(operation, { throwIfNoEntry: false }) ? doorsOf(operation) : []),
  ]);
  const own = new Set(texts.flatMap(ctesOf));
  const relative = path.relative(flowsDir, file);
  return texts.flatMap(relationsOf).flatMap((name): Misnamed[] => {
    if (own.has(name) || portCtes.has(name)) return [];
    const owner = tableOwners[name];
    if (!owner) return [{ file: relative, name, why: 'unknown' }];
    return doors.has(owner) ? [] : [{ file: relative, name, why: 'not-written-through' }];
  });
}

const flowFiles = flows.flatMap((flow) => sourceFiles(path.join(flowsDir, flow)));
const sqlFiles = flowFiles.filter((file) => file.endsWith('.sql.ts'));

describe("a flow's SQL", () => {
  it('reads the relations of a statement and the CTEs it defines', () => {
    const text =
      'WITH placed AS (INSERT INTO orders (id) SELECT id FROM ${} RETURNING id), t AS (UPDATE chats SET x = 1 FROM placed WHERE true ON CONFLICT DO UPDATE SET y = EXTRACT(EPOCH FROM now())) SELECT * FROM unnest(${}) JOIN invoices i ON true';
    expect(relationsOf(text)).toEqual(['orders', 'chats', 'placed', 'invoices']);
    expect(ctesOf(text)).toEqual(['placed', 't']);
    expect(ctesOf('accepted_invoice AS (UPDATE invoices …), invoice_acceptance AS (…)')).toEqual([
      'accepted_invoice',
      'invoice_acceptance',
    ]);
  });

  it('fails on a table no module owns and on a module the operation does not write through (the check can fail)', () => {
    const file = path.join(flowsDir, 'invoice/accept-invoice.sql.ts');
    const original = readFileSync(file, 'utf8');
    expect(misnamedIn(file, original)).toEqual([]);
    const probed = `${original}\nconst probe = sql\`SELECT 1 FROM invoice_acceptance_typo JOIN products p ON true\`;\n`;
    expect(misnamedIn(file, probed)).toEqual([
      { file: 'invoice/accept-invoice.sql.ts', name: 'invoice_acceptance_typo', why: 'unknown' },
      { file: 'invoice/accept-invoice.sql.ts', name: 'products', why: 'not-written-through' },
    ]);
  });

  it('splices port CTEs that exist', () => {
    const defined = new Set(sourceFiles(src).flatMap((file) => sqlTextsOf(parse(file)).flatMap(ctesOf)));
    expect([...portCtes].filter((name) => !defined.has(name))).toEqual([]);
  });

  it('names only tables of the modules its operation writes through, and CTEs it or the ports define', () => {
    expect(sqlFiles.length).toBeGreaterThan(0);
    expect(sqlFiles.flatMap((file) => misnamedIn(file))).toEqual([]);
  });

  it("lives in the `<operation>.sql.ts` beside its operation: a flow folder's other files hold no SQL", () => {
    const elsewhere = flowFiles
      .filter((file) => !file.endsWith('.sql.ts'))
      .filter((file) => sqlTextsOf(parse(file)).some((text) => relationsOf(text).length > 0))
      .map((file) => path.relative(flowsDir, file));
    expect(elsewhere).toEqual([]);
  });
});
