import { expect, test, type Page } from '@playwright/test';
import { signSessionToken } from '../../lib/session-token';
import { E2E_JWT_SECRET } from '../../playwright.config';

/** Tom Okafor (seed user 2): a member of Riverside Public Library (1001) whose membership has ended. */
const EXPIRED_MEMBER = { uid: 2, libid: 1001 };

/** Signs Tom in with an ended membership, as his sign-in would: the session cookie and its anti-forgery partner. */
async function signInExpiredMember(page: Page, baseURL: string) {
  const { token } = await signSessionToken({ ...EXPIRED_MEMBER, mexp: Math.floor(Date.now() / 1000) - 86_400, guest: false }, E2E_JWT_SECRET, 3600);
  await page.context().addCookies([
    { name: 'session', value: token, url: baseURL, httpOnly: true },
    { name: 'XSRF-TOKEN', value: 'e2e-xsrf-token-value', url: baseURL },
    { name: 'isLoggedIn', value: '1', url: baseURL },
  ]);
}

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('an expired member renews with a card, comes back to a confirmed payment and reads again', async ({ page, baseURL }) => {
  await signInExpiredMember(page, baseURL!);
  await page.goto('/');
  await expect(page).toHaveURL(/\/validate-user\?type=2$/);
  await expect(page.getByRole('heading', { name: 'Your library membership has expired' })).toBeVisible();
  await expect(page.getByText(/The Basic plan adds 30 days of reading for \$4\.99\./)).toBeVisible();

  await page.getByRole('button', { name: 'Renew with a card' }).click();
  // The provider's payment page (a local stand-in for Stripe Checkout).
  await expect(page.getByRole('heading', { name: 'Pay 4.99 USD' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(/\/paymentsuccess\?session_id=cs_test_\w+$/);
  await expect(page.getByRole('heading', { name: 'Payment received, thank you' })).toBeVisible();
  const until = new Date(Date.now() + 30 * 86_400_000).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
  await expect(page.getByText(`You can read until ${until}.`)).toBeVisible();

  await page.getByRole('link', { name: 'Start reading' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Riverside Public Library' })).toBeVisible();
});

test('a member who leaves the payment page without paying lands on /paymentfailed, charged nothing', async ({ page, baseURL }) => {
  await signInExpiredMember(page, baseURL!);
  await page.goto('/validate-user?type=2');
  await page.getByRole('button', { name: 'Renew with a card' }).click();
  await page.getByRole('button', { name: 'Cancel and go back' }).click();
  await expect(page).toHaveURL(/\/paymentfailed$/);
  await expect(page.getByRole('heading', { name: 'Your payment did not go through' })).toBeVisible();
  await expect(page.getByText('You have not been charged, and your access has not changed.')).toBeVisible();
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/validate-user\?type=2$/);
});

test('a guest is never offered a card payment', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/validate-user?type=2');
  await expect(page.getByRole('button', { name: 'Renew with a card' })).toHaveCount(0);
});
