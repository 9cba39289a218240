import { isPlanted, recordedViolations } from './csp-reports';

/**
 * Fails the run when the browser reported any CSP violation in any page a spec opened, whichever spec it was: a
 * blocked script or style is a page that does not work, or an injection that got as far as the page.
 */
export default function failOnCspViolations(): void {
  const violations = recordedViolations().filter((violation) => !isPlanted(violation));
  if (violations.length === 0) return;
  const lines = violations.slice(0, 20).map((v) => `  ${v.directive ?? '?'} blocked ${v.blocked ?? '?'} on ${v.page ?? '?'}${v.source ? ` (${v.source}:${v.line ?? '?'})` : ''}${v.sample ? ` “${v.sample}”` : ''}`);
  throw new Error(`The browser reported ${violations.length} CSP violation(s) during the e2e run:\n${lines.join('\n')}`);
}
