import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Decision 085: no form sends its fields in the address. A form without a method is sent as a
 * GET by a browser whose script has not taken it over yet (a password in the address bar, the
 * history and the proxies' logs): every form of the app names its method and an action the
 * server answers. Walks every component's JSX for `<form>` and `component="form"`.
 */
const web = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [file] : [];
  });
}

type FormTag = { file: string; line: number; method: string | null; action: boolean };

function attribute(node: ts.JsxOpeningLikeElement, name: string): ts.JsxAttribute | undefined {
  return node.attributes.properties.find((p): p is ts.JsxAttribute => ts.isJsxAttribute(p) && p.name.getText() === name);
}

function literal(attr: ts.JsxAttribute | undefined): string | null {
  const value = attr?.initializer;
  if (!value) return null;
  if (ts.isStringLiteral(value)) return value.text;
  if (ts.isJsxExpression(value) && value.expression && ts.isStringLiteral(value.expression)) return value.expression.text;
  return '(expression)';
}

function formsIn(file: string): FormTag[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: FormTag[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      const isForm = node.tagName.getText() === 'form' || literal(attribute(node, 'component')) === 'form';
      if (isForm) {
        found.push({
          file: path.relative(web, file),
          line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
          method: literal(attribute(node, 'method')),
          action: attribute(node, 'action') !== undefined,
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the forms of the app', () => {
  const forms = sources(web).flatMap(formsIn);

  it('are found', () => {
    expect(forms.length).toBeGreaterThan(20);
  });

  it('each name their method, post (or get for a search that carries nothing personal), and an action', () => {
    const wrong = forms.filter((form) => !(form.method === 'post' || form.method === 'get') || !form.action);
    expect(wrong.map((form) => `${form.file}:${form.line} method=${form.method ?? 'none'} action=${form.action}`)).toEqual([]);
  });

  it('send nothing a person types by GET but a search', () => {
    const gets = forms.filter((form) => form.method === 'get');
    // The news category filter is the one search form (its category belongs in the address).
    expect(gets.map((form) => form.file).every((file) => /news/.test(file))).toBe(true);
  });
});
