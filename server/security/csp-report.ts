import fs from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { limit } from '../auth/limits';
import { enforceLimits } from '../auth/rate-limit';
import { DATA_DIR } from '../config';
import { isDatabaseOutage } from '../db/client';
import { clientIp } from '../http/handler';
import { HttpError, MESSAGES } from '../http/errors';
import { readRawBody } from '../http/body';

/** A browser's report of one violation is well under 2 kB; anything larger is not one. */
export const MAX_REPORT_BYTES = 8 * 1024;

/** Where reports go when CSP_REPORTS=file (the e2e server): one JSON line each, read by the e2e teardown. */
export const CSP_REPORT_FILE = path.join(DATA_DIR, 'csp-reports.ndjson');

/** The fields of a report worth keeping, from report-uri's `{ "csp-report": {...} }` or a Reporting API list. */
function violationsIn(payload: unknown): Record<string, unknown>[] {
  const items = Array.isArray(payload) ? payload : [payload];
  return items.flatMap((item) => {
    if (item === null || typeof item !== 'object') return [];
    const report = (item as Record<string, unknown>)['csp-report'] ?? (item as Record<string, unknown>).body;
    if (report === null || typeof report !== 'object') return [];
    const fields = report as Record<string, unknown>;
    const pick = (...names: string[]) => names.map((name) => fields[name]).find((value) => typeof value === 'string' || typeof value === 'number');
    return [
      {
        page: pick('document-uri', 'documentURL'),
        directive: pick('effective-directive', 'effectiveDirective', 'violated-directive'),
        blocked: pick('blocked-uri', 'blockedURL'),
        source: pick('source-file', 'sourceFile'),
        line: pick('line-number', 'lineNumber'),
        sample: pick('script-sample', 'sample'),
      },
    ];
  });
}

function answer(res: ServerResponse, status: number, body?: { status: number; message: string; field?: string }, headers: Record<string, string> = {}): void {
  res.statusCode = status;
  res.setHeader('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (!body) {
    res.end();
    return;
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(body));
}

/**
 * Takes the browser's CSP violation reports (the policy's report-uri): size-limited and rate-limited per address,
 * since anyone can post here. Logged, or with CSP_REPORTS=file appended to CSP_REPORT_FILE, so the e2e suite
 * fails on any violation in any page it opens.
 */
export async function receiveCspReport(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'POST') return answer(res, 405, { status: 405, message: `Method ${req.method ?? ''} not allowed` }, { Allow: 'POST' });
  try {
    await enforceLimits([limit('cspReportsPerIp', `csp-report:${clientIp(req)}`)]);
    const raw = await readRawBody(req, MAX_REPORT_BYTES);
    let payload: unknown;
    try {
      payload = JSON.parse(raw);
    } catch {
      throw new HttpError(400, MESSAGES.badJson, { field: 'body' });
    }
    const violations = violationsIn(payload);
    if (violations.length === 0) throw new HttpError(400, 'body: is not a CSP violation report', { field: 'body' });
    if (process.env.CSP_REPORTS === 'file') {
      await fs.appendFile(CSP_REPORT_FILE, violations.map((violation) => `${JSON.stringify(violation)}\n`).join(''));
    } else {
      for (const violation of violations) console.warn(`[csp] ${JSON.stringify(violation)}`);
    }
    answer(res, 204);
  } catch (error) {
    if (error instanceof HttpError) {
      return answer(res, error.status, { status: error.status, message: error.message, ...(error.field ? { field: error.field } : {}) }, error.headers);
    }
    if (isDatabaseOutage(error)) return answer(res, 503, { status: 503, message: MESSAGES.databaseDown }, { 'Retry-After': '30' });
    console.error('[csp] report:', error);
    answer(res, 500, { status: 500, message: MESSAGES.internal });
  }
}
