import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Every `detail` the server's sources can send, read from the code itself (the TypeScript parser,
 * no running): the messages given to the error helpers (`badRequest`, `conflict`, `tooManyRequests`,
 * `new HttpError`...), to the rate limiter (`hit`) and to the thread pools (`texts.busy`), as
 * written or through a constant. A message with values (a template) is given with `1` for each
 * value, as a sample. Used by the test that finds each an Armenian value (decision 195).
 */
export type RefusalMessage = { text: string; file: string; template: boolean };

const MESSAGE_ARGUMENT: Readonly<Record<string, 'first' | 'second' | 'last'>> = {
  badRequest: 'first',
  unauthorized: 'first',
  forbidden: 'first',
  notFound: 'first',
  conflict: 'first',
  payloadTooLarge: 'first',
  unsupportedMediaType: 'first',
  tooManyRequests: 'first',
  serviceUnavailable: 'first',
  HttpError: 'second',
  ValidationError: 'first',
  CardDeclinedError: 'first',
  hit: 'last',
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const calleeName = (expression: ts.Expression): string | undefined =>
  ts.isIdentifier(expression) ? expression.text : ts.isPropertyAccessExpression(expression) ? expression.name.text : undefined;

/** A literal's text, or a template's with `1` for each value. */
function literalText(node: ts.Node): { text: string; template: boolean } | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return { text: node.text, template: false };
  if (ts.isTemplateExpression(node))
    return { text: node.head.text + node.templateSpans.map((span) => `1${span.literal.text}`).join(''), template: true };
  return undefined;
}

/** The messages of the sources under `roots` (relative to `base`). */
export function refusalMessages(base: string, roots: string[]): RefusalMessage[] {
  const files = roots.flatMap((root) => sourceFiles(path.join(base, root)));
  const parsed = files.map((file) => ({
    file: path.relative(base, file),
    source: ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true),
  }));
  // Constants holding a message, by name (a name used in two files with two texts gives both).
  const constants = new Map<string, { text: string; template: boolean }[]>();
  const visitConstants = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const text = literalText(node.initializer);
      if (text) constants.set(node.name.text, [...(constants.get(node.name.text) ?? []), text]);
    }
    ts.forEachChild(node, visitConstants);
  };
  for (const { source } of parsed) visitConstants(source);

  const found: RefusalMessage[] = [];
  const take = (node: ts.Expression | undefined, file: string) => {
    if (!node) return;
    // Either of two messages (`token ? 'expired' : 'sign in'`).
    if (ts.isConditionalExpression(node)) return void [node.whenTrue, node.whenFalse].forEach((branch) => take(branch, file));
    if (ts.isParenthesizedExpression(node)) return take(node.expression, file);
    const text = literalText(node);
    if (text) return void found.push({ ...text, file });
    if (ts.isIdentifier(node)) for (const each of constants.get(node.text) ?? []) found.push({ ...each, file });
  };
  for (const { file, source } of parsed) {
    const visit = (node: ts.Node) => {
      if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && node.arguments) {
        const which = MESSAGE_ARGUMENT[calleeName(node.expression) ?? ''];
        const args = node.arguments;
        if (which)
          take(which === 'first' ? args[0] : which === 'second' ? args[1] : args.length > 1 ? args[args.length - 1] : undefined, file);
      }
      // The thread pools' "busy" answer (a 503).
      if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'busy') take(node.initializer, file);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const SCHEMA_MESSAGE_METHODS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'int',
  'positive',
  'nonnegative',
  'gte',
  'lte',
  'email',
]);

/**
 * The messages the schemas of `files` give (zod's `.min(1, 'Enter…')`, `.refine(…, 'Use…')`,
 * `{ error: '…' }`, `addIssue({ message: '…' })`), as written or through a constant of the file.
 */
export function schemaMessages(base: string, files: string[]): RefusalMessage[] {
  const found: RefusalMessage[] = [];
  for (const relative of files) {
    const source = ts.createSourceFile(relative, fs.readFileSync(path.join(base, relative), 'utf8'), ts.ScriptTarget.Latest, true);
    const add = (node: ts.Node | undefined) => {
      const text = node && literalText(node);
      if (text) found.push({ ...text, file: relative });
    };
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        SCHEMA_MESSAGE_METHODS.has(node.expression.name.text)
      )
        node.arguments.forEach((arg) => add(arg));
      if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && ['error', 'message'].includes(node.name.text))
        add(node.initializer);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
