import { expect, test, type Locator, type Page } from '@playwright/test';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

/** The message shown under a field, read exactly (Playwright's text matching would fold the spec's double space). */
async function messageOf(page: Page, formId: string, field: string): Promise<string | null> {
  const control = page.locator(`#${formId}-${field}`);
  const describedBy = (await control.getAttribute('aria-describedby')) ?? '';
  const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
  if (!errorId) return null;
  // The element's whole text: the spec's message, letter for letter (the '!' before it is drawn by CSS).
  return page.locator(`#${errorId}`).evaluate((el) => el.textContent ?? '');
}

async function expectInvalid(control: Locator) {
  await expect(control).toHaveAttribute('aria-invalid', 'true');
}

test('a person sends the support form empty, sees every message, fixes them, and gets a confirmation', async ({ page }) => {
  await page.goto('/helpsupport');
  await expect(page.getByRole('heading', { level: 1, name: 'Help & support' })).toBeVisible();
  const send = page.getByRole('button', { name: 'Send request' });
  await expect(send).toBeEnabled();
  await send.click();

  expect(await messageOf(page, 'support', 'email')).toBe('Email field is required');
  expect(await messageOf(page, 'support', 'name')).toBe('Name field is required');
  expect(await messageOf(page, 'support', 'message')).toBe('Message field is required');
  await expect(page.getByRole('status').filter({ hasText: 'fields need your attention' })).toHaveText('3 fields need your attention.');
  // Focus goes to the first field to fix, and it says what is wrong.
  const email = page.getByLabel('Email');
  await expect(email).toBeFocused();
  await expectInvalid(email);

  await email.fill('asha.verma@riverside');
  await send.click();
  expect(await messageOf(page, 'support', 'email')).toBe('Please enter a valid email address');

  await email.fill('asha.verma@riverside.org');
  expect(await messageOf(page, 'support', 'email')).toBeNull();
  await page.getByLabel('Name').fill('Asha Verma');
  await page.getByLabel('Message').fill('The reader shows a blank page on my phone.');
  await send.click();

  const confirmation = page.getByRole('region', { name: 'Thank you, your request has been sent' });
  await expect(confirmation).toBeVisible();
  await expect(confirmation.getByRole('heading')).toBeFocused();
  await expect(confirmation).toContainText('Thank you, Asha Verma. We have received your request and will reply to asha.verma@riverside.org.');
  await expect(confirmation).toContainText(/Your reference number is \d+/);

  // Another request starts from an empty form.
  await confirmation.getByRole('button', { name: 'Send another request' }).click();
  await expect(page.getByLabel('Message')).toHaveValue('');
});

test('a person sends the contact-us form empty, sees all six messages word for word, fixes them, and gets a confirmation', async ({ page }) => {
  await page.goto('/contact-us');
  const send = page.getByRole('button', { name: 'Send message' });
  await expect(send).toBeEnabled();
  await send.click();

  const expected: Record<string, string> = {
    emailId: 'Email field is required',
    userName: 'Name field is required',
    institutionName: 'organization Name field is required',
    desigination: 'Desigination  field is required',
    mobile: 'Mobile number field is required',
    Message: 'Message field is required',
  };
  for (const [field, message] of Object.entries(expected)) expect(await messageOf(page, 'contact', field)).toBe(message);
  await expect(page.getByLabel('Email')).toBeFocused();

  await page.getByLabel('Email').fill('grace@harbourcity.org');
  await page.getByLabel('Name', { exact: true }).fill('Grace Hopper');
  await page.getByLabel('Organization name').fill('Harbour City Library');
  await page.getByLabel('Designation').fill('Head Librarian');
  await page.getByLabel('Mobile number').fill('call me');
  await page.getByLabel('Message').fill('We would like to offer magazines to our 4,000 members.');
  // Messages clear as each field is put right; the one still wrong stays.
  for (const field of ['emailId', 'userName', 'institutionName', 'desigination', 'Message']) expect(await messageOf(page, 'contact', field)).toBeNull();
  expect(await messageOf(page, 'contact', 'mobile')).toBe('Please enter a valid mobile number');

  await page.getByLabel('Mobile number').fill('+44 20 7946 0018');
  await send.click();
  const confirmation = page.getByRole('region', { name: 'Thank you, your message has been sent' });
  await expect(confirmation).toBeVisible();
  await expect(confirmation).toContainText('Thank you, Grace Hopper. We have received your message and will reply to grace@harbourcity.org.');
});

test('the forms fit a 320px screen and work from the keyboard alone', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/contact-us');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByLabel('Email').focus();
  await page.keyboard.type('grace@harbourcity.org');
  for (const value of ['Grace Hopper', 'Harbour City Library', 'Head Librarian', '+44 20 7946 0018', 'Hello from the keyboard.']) {
    await page.keyboard.press('Tab');
    // Hints are text, not stops: Tab goes from control to control.
    await page.keyboard.type(value);
  }
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Thank you, your message has been sent' })).toBeVisible();
});

test('a signed-in guest sees the 404 screen in the site’s look, with their header', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page).toHaveURL(/\/$/);
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We can’t find that page');
  await expect(page.getByRole('navigation', { name: 'Primary' })).toBeVisible();
  // Signed in: the profile menu, not a sign-in link.
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Ways on' }).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the help pages read well on a wide desktop and link to each other', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.goto('/faq');
  for (const topic of ['Signing in', 'Reading', 'Favourites', 'When access ends', 'Languages', 'Translation', 'Privacy']) {
    await expect(page.getByRole('heading', { level: 2, name: topic })).toBeVisible();
  }
  // A readable measure: the text column stays narrow on a wide screen.
  const width = await page.locator('article').evaluate((el) => el.getBoundingClientRect().width);
  expect(width).toBeLessThanOrEqual(800);
  await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/#privacy$/);
  await page.getByRole('navigation', { name: 'More help' }).getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Cookies and local storage' })).toContainText('userToken');
});
