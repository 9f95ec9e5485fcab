#!/usr/bin/env node
// Checks that every English locale key exists, non-empty, in French, and that French has no extra keys.
// Usage: node scripts/check-i18n.mjs [localesDir]   (default: apps/web/src/locales)
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const localesDir = resolve(process.argv[2] ?? join(root, 'apps/web/src/locales'));
const base = 'en';
const target = 'fr';

/** Flattens nested objects to dotted keys → leaf values. */
function flatten(value, prefix = '', out = new Map()) {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

function isEmpty(value) {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function load(file, problems) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    problems.push(`${file}: cannot read JSON (${error.message})`);
    return undefined;
  }
}

const problems = [];
const baseDir = join(localesDir, base);
const targetDir = join(localesDir, target);
if (!existsSync(baseDir)) {
  console.error(`check-i18n: ${baseDir} not found`);
  process.exit(1);
}
const jsonIn = (dir) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
    : [];
const baseFiles = jsonIn(baseDir);
const targetFiles = jsonIn(targetDir);

for (const extra of targetFiles.filter((f) => !baseFiles.includes(f))) {
  problems.push(`${target}/${extra}: namespace has no ${base} counterpart`);
}

let keyCount = 0;
for (const file of baseFiles) {
  const ns = file.replace(/\.json$/, '');
  const baseJson = load(join(baseDir, file), problems);
  if (baseJson === undefined) continue;
  const baseKeys = flatten(baseJson);
  keyCount += baseKeys.size;
  if (!targetFiles.includes(file)) {
    problems.push(`${target}/${file}: missing namespace (${baseKeys.size} keys)`);
    continue;
  }
  const targetJson = load(join(targetDir, file), problems);
  if (targetJson === undefined) continue;
  const targetKeys = flatten(targetJson);
  for (const [key, value] of baseKeys) {
    if (isEmpty(value)) problems.push(`${base}/${ns}: "${key}" is empty`);
    if (!targetKeys.has(key)) problems.push(`${target}/${ns}: missing "${key}"`);
    else if (isEmpty(targetKeys.get(key))) problems.push(`${target}/${ns}: "${key}" is empty`);
  }
  for (const key of targetKeys.keys()) {
    if (!baseKeys.has(key)) problems.push(`${target}/${ns}: extra key "${key}" not in ${base}`);
  }
}

if (problems.length > 0) {
  console.error(`check-i18n: ${problems.length} problem(s) in ${localesDir}`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
console.log(`check-i18n: OK — ${baseFiles.length} namespaces, ${keyCount} keys, ${base} and ${target} match`);
