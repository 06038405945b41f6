import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Decision 062: the first load of the public pages carries no zod and no declaration of the
 * contract; decision 064: nor the site texts' defaults (the page brings the table). Walks the
 * static imports that are values (an `import type` is erased; a dynamic `import()` loads later)
 * from the browser's entry and each public page's route module.
 */
const web = path.resolve(import.meta.dirname, '..');
const entries = [
  'main.tsx',
  'app/home-route.tsx',
  'features/events/events-page.tsx',
  'features/articles/news-page.tsx',
  'features/articles/article-page.tsx',
  'features/events/event-page.tsx',
];

function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers;
}

function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`Cannot resolve ${specifier} from ${from}`);
}

/** Every module and package the entry reaches through static value imports, each with the file that imports it. */
function staticClosure(entry: string): Map<string, string> {
  const reached = new Map<string, string>([[entry, '(entry)']]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    for (const specifier of valueImports(file)) {
      const target = resolve(file, specifier) ?? specifier;
      if (reached.has(target)) continue;
      reached.set(target, file);
      if (target.startsWith('/') && /\.tsx?$/.test(target)) queue.push(target);
    }
  }
  return reached;
}

describe('the first load of the public pages', () => {
  const siteTextDefaults = path.resolve(web, '../shared/domain/site-text.ts');
  it.each(entries)('%s reaches neither zod, a declaration of the contract nor the site text defaults', (entry) => {
    const offending = [...staticClosure(path.join(web, entry))]
      .filter(
        ([module]) =>
          module === 'zod' ||
          module.startsWith('zod/') ||
          module.includes(`${path.sep}shared${path.sep}api${path.sep}`) ||
          module === siteTextDefaults,
      )
      .map(
        ([module, importer]) =>
          `${path.isAbsolute(module) ? path.relative(web, module) : module} imported by ${path.relative(web, importer)}`,
      );
    expect(offending).toEqual([]);
  });
});
