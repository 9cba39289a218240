import fs from 'node:fs';
import path from 'node:path';

/** The e2e server's DATA_DIR (playwright.config.ts) and the file its /api/csp-report appends to (CSP_REPORTS=file). */
export const CSP_REPORT_FILE = path.join(process.cwd(), '.data', 'e2e', 'csp-reports.ndjson');

/** Put in a violation on purpose by csp.spec.ts, to show a report reaches the file; the teardown leaves those out. */
export const PLANTED_MARKER = 'csp-e2e-planted';

export interface Violation {
  page?: string;
  directive?: string;
  blocked?: string;
  source?: string;
  line?: number;
  sample?: string;
}

export function recordedViolations(): Violation[] {
  if (!fs.existsSync(CSP_REPORT_FILE)) return [];
  return fs
    .readFileSync(CSP_REPORT_FILE, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Violation);
}

export function isPlanted(violation: Violation): boolean {
  return (violation.sample ?? '').includes(PLANTED_MARKER);
}
