import { expect, test } from '@playwright/test';
import { SESSION_COOKIE } from '../../lib/cookies';
import { signSessionToken } from '../../lib/session-token';
import { E2E_JWT_SECRET } from '../../playwright.config';
import { problemsWithPageAnswer } from '../shared/hostile-requests';
import { READER_CODE, ROUTES } from './routes';

/**
 * Every page route of SPEC §2 (the route walk's table) with hostile query strings and path segments, as a member
 * and as a visitor: never a 5xx, never a stack trace. The API routes get the same treatment in
 * __tests__/api/hostile.test.ts; pages need the production server, so they are here.
 */

/** NUL, half a surrogate pair (as UTF-8 bytes no decoder accepts), an id past any integer, a long value. */
const HOSTILE_VALUES = ['%00', '%ED%A0%80', '99999999999999999999', 'x'.repeat(1500)];
/** Every query parameter a page reads. */
const PAGE_PARAMETERS = ['q', 'tab', 'issueId', 'lib', 'type', 'lang', 'code', 'issue', 'isLib', 'session_id', 'order', 'articleUrl', 'magazineName', 'articleName', 'category', 'token', 'mid', 'reason'];

function hostileAddresses(example: string): string[] {
  const [path, query = ''] = example.replace(READER_CODE, 'not-a-code').split('?');
  const segments = path.split('/').filter(Boolean);
  const addresses: string[] = [];
  for (const value of HOSTILE_VALUES) {
    // Every parameter at once, and twice (a repeated key is an array to Next.js).
    addresses.push(`${path}?${PAGE_PARAMETERS.map((name) => `${name}=${value}&${name}=1`).join('&')}`);
    if (query) addresses.push(`${path}?${query.replace(/=[^&]*/g, `=${value}`)}`);
    segments.forEach((_, i) => {
      const changed = segments.map((segment, j) => (i === j ? value : segment));
      addresses.push(`/${changed.join('/')}${query ? `?${query}` : ''}`);
    });
  }
  return [...new Set(addresses)];
}

const member = async () =>
  `${SESSION_COOKIE}=${(await signSessionToken({ uid: 1, libid: 1001, mexp: Math.floor(Date.parse('2027-12-31T23:59:59Z') / 1000), guest: false }, E2E_JWT_SECRET, 3600)).token}`;

for (const who of ['member', 'visitor'] as const) {
  test(`page routes answer hostile addresses without a 5xx or a stack trace (${who})`, async ({ request }) => {
    test.setTimeout(240_000);
    const cookie = who === 'member' ? await member() : '';
    const failures: string[] = [];
    const examples = ROUTES.map((row) => row.example).filter((example) => !example.startsWith('/healthcheck'));
    for (const example of examples) {
      for (const address of hostileAddresses(example)) {
        const response = await request.get(address, { maxRedirects: 0, headers: cookie ? { cookie } : {} });
        const problems = problemsWithPageAnswer({ status: response.status(), contentType: response.headers()['content-type'] ?? '', text: await response.text() });
        if (problems.length > 0) failures.push(`${address.slice(0, 200)}: ${problems.join('; ')}`);
      }
    }
    expect(failures).toEqual([]);
  });
}
