import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';

/**
 * The Nu HTML Checker (the W3C's validator, shipped as `vnu.jar` by the `vnu-jar` package, run
 * with the machine's Java 17 or later; .ci/run installs one) over pages as the browser has them:
 * the document after the scripts have drawn it. Decision 105.
 */
const VNU_JAR = path.resolve('node_modules/vnu-jar/build/dist/vnu.jar');

export type Markup = { name: string; html: string };

/** The page as it stands, to check later with the others (one Java start for all of them). */
export async function markupOf(page: Page, name: string): Promise<Markup> {
  return { name, html: await page.content() };
}

type VnuMessage = { type: string; subType?: string; url: string; lastLine?: number; message: string; extract?: string };

/** Every error the checker finds in the pages, as "page, line: message"; empty when they are valid. */
export async function nuErrors(pages: Markup[]): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nu-'));
  try {
    const files = pages.map((page, i) => {
      const file = path.join(dir, `${String(i).padStart(2, '0')}.html`);
      fs.writeFileSync(file, page.html);
      return file;
    });
    const { stdout, stderr } = await promisify(execFile)(
      'java',
      ['-Xss4m', '-jar', VNU_JAR, '--format', 'json', '--stdout', '--exit-zero-always', ...files],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const { messages } = JSON.parse(stdout || stderr) as { messages: VnuMessage[] };
    return messages
      .filter((m) => m.type === 'error' || (m.type === 'non-document-error' && m.subType !== 'io'))
      .map((m) => {
        const page = pages[Number(path.basename(new URL(m.url).pathname, '.html'))]?.name ?? m.url;
        return `${page}, line ${m.lastLine ?? '?'}: ${m.message}${m.extract ? `\n    ${m.extract.replace(/\s+/g, ' ').slice(0, 160)}` : ''}`;
      });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
