import fs from 'node:fs';
import { CSP_REPORT_FILE } from './csp-reports';

/** A run starts with no recorded violation (the e2e data directory outlives a run). */
export default function forgetOldReports(): void {
  fs.rmSync(CSP_REPORT_FILE, { force: true });
}
