/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A block of six or more lines (and jscpd's default of 50 tokens) written twice in server/ is a copy to share instead:
 * the migrations and the seed data are generated or data, and say the same things on purpose.
 */
const OPTIONS = ['--min-lines', '6', '--min-tokens', '50', '--ignore', '**/server/db/migrations/**,**/server/seed/**'];

interface Fragment {
  name: string;
  start: number;
  end: number;
}

/** One pair of copies as `file:lines ~ file:lines`, the files relative to `root`. */
function describePair(root: string, first: Fragment, second: Fragment): string {
  const at = (fragment: Fragment) => `${path.relative(root, fragment.name)}:${fragment.start}-${fragment.end}`;
  return `${at(first)} ~ ${at(second)}`;
}

/** Every pair of copies jscpd finds under `folder` (a path in `root`), read from its JSON report. */
function findCopies(root: string, folder: string): string[] {
  const jscpd = path.join(path.dirname(require.resolve('jscpd/package.json')), 'run-jscpd.js');
  const output = fs.mkdtempSync(path.join(os.tmpdir(), 'copies-'));
  try {
    execFileSync(process.execPath, [jscpd, ...OPTIONS, '--reporters', 'json', '--output', output, '--absolute', '--silent', folder], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const report = JSON.parse(fs.readFileSync(path.join(output, 'jscpd-report.json'), 'utf8')) as {
      duplicates: { firstFile: Fragment; secondFile: Fragment }[];
    };
    return report.duplicates.map(({ firstFile, secondFile }) => describePair(root, firstFile, secondFile));
  } finally {
    fs.rmSync(output, { recursive: true, force: true });
  }
}

describe('copies in server/', () => {
  it('finds no block of six or more lines written twice outside migrations and seed data', () => {
    const root = path.resolve(__dirname, '../../..');
    // Each pair is listed, so the failure says what to share.
    expect(findCopies(root, 'server')).toEqual([]);
  });

  it('reports a block two files share, so the check above can fail', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'copied-'));
    try {
      const shared = [
        'export function orderTotal(order: { lines: { price: number; count: number }[]; discountPercent: number }) {',
        '  let total = 0;',
        '  for (const line of order.lines) {',
        '    total += line.price * line.count;',
        '  }',
        '  const discounted = total - (total * order.discountPercent) / 100;',
        '  return Math.round(discounted * 100) / 100;',
        '}',
      ].join('\n');
      fs.mkdirSync(path.join(root, 'server'));
      fs.writeFileSync(path.join(root, 'server/basket.ts'), `export const BASKET = 'basket';\n\n${shared}\n`);
      fs.writeFileSync(path.join(root, 'server/invoice.ts'), `${shared}\n\nexport const INVOICE = 'invoice';\n`);

      const copies = findCopies(root, 'server');
      expect(copies).toHaveLength(1);
      expect(copies[0]).toMatch(/^server\/(basket|invoice)\.ts:\d+-\d+ ~ server\/(basket|invoice)\.ts:\d+-\d+$/);
      expect(copies[0]).toContain('server/basket.ts:3-10');
      expect(copies[0]).toContain('server/invoice.ts:1-8');
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
