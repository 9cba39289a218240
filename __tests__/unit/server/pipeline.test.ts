import fs from 'node:fs';
import path from 'node:path';
import { MADE_BY_ROUTE, type Method } from '@/server/http/handler';
import { SERVICES } from '@/server/services';

/**
 * One pipeline (DESIGN.md, "One request, one context"): every page declares its access with withPage and every API
 * call is a route() with a declared auth, so the gate, the staff role and library check and the outage screen are
 * the wrapper's, never a page's or handler's own.
 */
const ROOT = path.join(__dirname, '..', '..', '..');
const PAGES = path.join(ROOT, 'pages');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

const relative = (file: string) => path.relative(ROOT, file);
const pageFiles = filesUnder(PAGES).filter((file) => /\.tsx?$/.test(file) && !relative(file).startsWith('pages/api/'));
const apiFiles = filesUnder(path.join(PAGES, 'api')).filter((file) => /\.ts$/.test(file));

/** The Next.js frame files: no route of their own. */
const FRAME = ['pages/_app.tsx', 'pages/_document.tsx', 'pages/_error.tsx'];

/**
 * API files that are not a wire service, each for its reason: liveness and readiness (no session, no database
 * beyond one SELECT), the OpenAPI document itself, the app-link files phones fetch, CSP reports browsers post
 * (unauthenticated by nature, size-checked by their handler), and page images (bytes, with the reader's own
 * session and code check in server/media/serve.ts).
 */
const NOT_A_SERVICE = [
  'pages/api/health.ts',
  'pages/api/ready.ts',
  'pages/api/openapi.json.ts',
  'pages/api/app-links/android.ts',
  'pages/api/app-links/apple.ts',
  'pages/api/csp-report.ts',
  'pages/api/media/[...path].ts',
];

describe('one request pipeline', () => {
  it('finds the pages and API files it checks', () => {
    expect(pageFiles.length).toBeGreaterThan(50);
    expect(apiFiles.length).toBeGreaterThan(10);
  });

  it.each(pageFiles.filter((file) => !FRAME.includes(relative(file))).map(relative))('%s declares its access with withPage', (file) => {
    const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
    const declared = source.match(/export const getServerSideProps = withPage(<[^(]*>)?\(\{ access: '(\w+)'/);
    expect(declared?.[2]).toMatch(/^(open|member|temp|staff)$/);
    // The console's own checks are declared, never written by hand in a page.
    expect(source).not.toMatch(/findStaffAccess|canManageLibrary|pageSession\(/);
  });

  it.each(apiFiles.map(relative).filter((file) => !NOT_A_SERVICE.includes(file)))('%s serves a service table through createServiceHandler', (file) => {
    const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
    // Served directly, or (the COUNTER API at /r51/) through a handler made once by createServiceHandler.
    expect(source).toMatch(/createServiceHandler\('(\w+)', SERVICES\.\1[,)]/);
  });

  it('every API route is made by route() with a declared auth, and staff routes are the console’s', () => {
    const seen: string[] = [];
    for (const [service, table] of Object.entries(SERVICES)) {
      for (const [pattern, methods] of Object.entries(table)) {
        for (const [method, target] of Object.entries(methods) as [Method, NonNullable<(typeof methods)[Method]>][]) {
          const name = `${method} /api/${service}/${pattern}`;
          seen.push(name);
          expect({ name, madeByRoute: target[MADE_BY_ROUTE] === true }).toEqual({ name, madeByRoute: true });
          expect({ name, auth: ['staff', 'required', 'optional', 'none'].includes(target.auth) }).toEqual({ name, auth: true });
          // The console's calls, and only they, need a console role.
          expect({ name, staff: target.auth === 'staff' }).toEqual({ name, staff: service === 'admin' });
        }
      }
    }
    expect(seen.length).toBeGreaterThan(100);
  });
});
