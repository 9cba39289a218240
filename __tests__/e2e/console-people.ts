import { execFileSync } from 'node:child_process';
import { expect, type Page } from '@playwright/test';
import { signSessionToken } from '../../lib/session-token';
import { E2E_JWT_SECRET } from '../../playwright.config';
import { E2E_DATABASE_URL } from './database';

/** `npm run operator -- add <email>` against the e2e server's database: the role, and the one-time link it prints. */
export function operatorLink(email: string, baseURL: string): string {
  const output = execFileSync('npx', ['tsx', 'scripts/operator.ts', 'add', email], {
    env: { ...process.env, DATABASE_URL: E2E_DATABASE_URL, SITE_URL: baseURL },
    encoding: 'utf8',
  });
  const link = /https?:\/\/\S+\/third-party-login\?randomtoken=\S+/.exec(output)?.[0];
  if (!link) throw new Error(`no link in: ${output}`);
  return link;
}

/** Follows the printed link into the console (a new account is asked for its name first, as every member is). */
export async function signInWithLink(page: Page, link: string) {
  await page.goto(link);
  await expect(page).toHaveURL(/\/(admin|update\/fullName)$/);
  if (page.url().endsWith('/update/fullName')) {
    await page.getByLabel('First name').fill('Olu');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).not.toHaveURL(/\/update\/fullName$/);
    await page.goto('/admin');
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Libraries' })).toBeVisible();
}

/** A session for a person the spec set up in the database, as the sign-in flows would issue it (those are tested in accounts.spec). */
export async function signInAs(page: Page, baseURL: string, claims: { uid: number; libid: number; mexp: number }) {
  const { token } = await signSessionToken({ ...claims, guest: false }, E2E_JWT_SECRET, 3600);
  await page.context().addCookies([{ name: 'session', value: token, url: baseURL, httpOnly: true }]);
}
