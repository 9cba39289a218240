import { expect, test, type APIResponse } from '@playwright/test';
import { SESSION_COOKIE } from '../../lib/cookies';
import { signSessionToken } from '../../lib/session-token';
import { E2E_JWT_SECRET } from '../../playwright.config';
import { isPlanted, PLANTED_MARKER, recordedViolations } from './csp-reports';

/** Asha Verma, the demo member of Riverside Public Library (server/seed: first account, member until 2027-12-31). */
async function memberCookie(): Promise<string> {
  const { token } = await signSessionToken({ uid: 1, libid: 1001, mexp: Math.floor(Date.parse('2027-12-31T23:59:59Z') / 1000), guest: false }, E2E_JWT_SECRET, 3600);
  return `${SESSION_COOKIE}=${token}`;
}

function policyOf(response: APIResponse): Map<string, string[]> {
  const header = response.headers()['content-security-policy'] ?? '';
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values]),
  );
}

function nonceOf(policy: Map<string, string[]>): string {
  const source = (policy.get('script-src') ?? []).find((value) => value.startsWith("'nonce-"));
  return source ? source.slice("'nonce-".length, -1) : '';
}

test.describe('browser protections', () => {
  test('a page carries a strict CSP with a nonce made for it, on every script and style tag', async ({ request }) => {
    const response = await request.get('/faq');
    expect(response.status()).toBe(200);
    const policy = policyOf(response);
    const nonce = nonceOf(policy);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(policy.get('script-src')).toEqual(expect.arrayContaining([`'nonce-${nonce}'`, "'strict-dynamic'"]));
    expect(policy.get('style-src')).toEqual(expect.arrayContaining([`'nonce-${nonce}'`]));
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('report-uri')).toEqual(['/api/csp-report']);
    expect(response.headers()['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval/);

    const html = await response.text();
    const tags = html.match(/<(script|style)\b[^>]*>/g) ?? [];
    expect(tags.length).toBeGreaterThan(3);
    for (const tag of tags) {
      if (/type="application\/json"/.test(tag)) continue;
      expect(tag).toContain(`nonce="${nonce}"`);
    }
    // No style attribute in the HTML either: the policy allows none.
    expect(html).not.toMatch(/<[a-z][^>]*\sstyle="/);
  });

  test('every page gets a new nonce, and one a client sends is never used', async ({ request }) => {
    const chosen = 'Y2xpZW50LWNob3Nlbi1ub25jZQ==';
    const first = await request.get('/faq', { headers: { 'x-nonce': chosen } });
    const second = await request.get('/faq', { headers: { 'x-nonce': chosen } });
    const nonces = [nonceOf(policyOf(first)), nonceOf(policyOf(second))];
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(nonces).not.toContain(chosen);
    expect(await first.text()).not.toContain(chosen);
  });

  test('the 404 screen and the error page are rendered per request, with the nonce', async ({ request }) => {
    const cookie = await memberCookie();
    for (const path of ['/_error', '/magazine/999999999', '/no/such/page']) {
      const response = await request.get(path, { maxRedirects: 0, headers: { cookie } });
      expect(response.status(), path).toBe(404);
      const nonce = nonceOf(policyOf(response));
      expect(nonce, path).not.toBe('');
      expect(await response.text(), path).toContain(`nonce="${nonce}"`);
    }
  });

  test('pages, API answers and media carry nosniff, the referrer and permissions policies, COOP and no framing', async ({ request }) => {
    for (const path of ['/faq', '/api/health', '/api/openapi.json', '/media/covers/none.jpg', '/api/catalogue/no-such-call']) {
      const headers = (await request.get(path, { maxRedirects: 0 })).headers();
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy'], path).toContain('camera=()');
      expect(headers['cross-origin-opener-policy'], path).toBe('same-origin-allow-popups');
      expect(headers['x-frame-options'], path).toBe('DENY');
    }
  });

  test('Strict-Transport-Security only when the page was asked for over https (X-Forwarded-Proto)', async ({ request }) => {
    expect((await request.get('/faq')).headers()['strict-transport-security']).toBeUndefined();
    const https = await request.get('/faq', { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers()['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  });

  test('the report endpoint refuses what is not a report, and one too large', async ({ request }) => {
    expect((await request.get('/api/csp-report')).status()).toBe(405);
    const notJson = await request.post('/api/csp-report', { headers: { 'content-type': 'application/csp-report' }, data: '{' });
    expect(notJson.status()).toBe(400);
    expect(await notJson.json()).toMatchObject({ status: 400, field: 'body' });
    const large = await request.post('/api/csp-report', {
      headers: { 'content-type': 'application/csp-report' },
      data: JSON.stringify({ 'csp-report': { 'document-uri': 'x'.repeat(20_000) } }),
    });
    expect(large.status()).toBe(413);
  });

  test('a script injected into a page is blocked and reported, so the run would fail on it', async ({ page }) => {
    const before = recordedViolations().filter(isPlanted).length;
    await page.goto('/faq');
    await page.evaluate((marker) => {
      document.body.insertAdjacentHTML('beforeend', `<img alt="" src="/no-such-picture.png" onerror="/*${marker}*/window.__planted = 1">`);
    }, PLANTED_MARKER);
    // The handler never ran, and the browser told the server (the teardown would fail the run on any other report).
    await expect.poll(() => recordedViolations().filter(isPlanted).length, { timeout: 10_000 }).toBeGreaterThan(before);
    expect(await page.evaluate(() => (window as unknown as { __planted?: number }).__planted)).toBeUndefined();
    const planted = recordedViolations().filter(isPlanted).at(-1);
    expect(planted).toMatchObject({ directive: 'script-src-attr', page: expect.stringContaining('/faq') });
  });
});
