import { expect, test } from '@playwright/test';
import { axeViolations } from './axe';
import { operatorLink, signInWithLink } from './console-people';

const RIVERSIDE = 1001;

function lastMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

test('library staff make a COUNTER API key, a harvester uses it at /r51 (no sign-in page in the way), and a revoked key is refused', async ({ page, request, baseURL }) => {
  // The status is public, and the session gate does not send a harvester to /login.
  const status = await request.get('/r51/status', { maxRedirects: 0 });
  expect(status.status()).toBe(200);
  expect(await status.json()).toEqual([expect.objectContaining({ Service_Active: true })]);

  await signInWithLink(page, operatorLink('console.operator@riverside.test', baseURL!));
  await page.getByRole('link', { name: 'COUNTER API keys of Riverside Public Library' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'COUNTER API keys of Riverside Public Library' })).toBeVisible();
  const label = `Harvester ${Date.now().toString(36)}`;
  const form = page.getByRole('region', { name: 'Make a key' });
  await form.getByLabel('Harvester’s name').fill(label);
  await form.getByRole('button', { name: 'Make key' }).click();
  const made = form.getByRole('status');
  await expect(made).toContainText('the API key is not shown again');
  const text = (await made.textContent()) ?? '';
  const credentials = {
    customer_id: /Customer ID: (\S+?)Requestor/.exec(text)?.[1] ?? '',
    requestor_id: /Requestor ID: ([0-9a-f-]{36})/.exec(text)?.[1] ?? '',
    api_key: /API key: ([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '',
  };
  expect(credentials.customer_id).toBe(String(RIVERSIDE));
  expect(await axeViolations(page)).toEqual([]);
  const keys = page.getByRole('table', { name: 'COUNTER API keys' });
  await expect(keys.getByRole('cell', { name: credentials.requestor_id })).toBeVisible();
  await expect(keys).not.toContainText(credentials.api_key);

  const members = await request.get('/r51/members', { params: credentials, maxRedirects: 0 });
  expect(members.status()).toBe(200);
  expect(await members.json()).toEqual([expect.objectContaining({ Customer_ID: String(RIVERSIDE), Institution_Name: 'Riverside Public Library' })]);
  const reports = (await (await request.get('/r51/reports', { params: credentials })).json()) as { Report_ID: string; Path: string }[];
  expect(reports.map((entry) => entry.Report_ID)).toEqual(['PR', 'PR_P1', 'TR', 'TR_J1', 'TR_J3', 'TR_J4', 'IR']);
  for (const entry of reports) {
    const report = await request.get(entry.Path, { params: { ...credentials, begin_date: lastMonth(), end_date: lastMonth() } });
    expect(report.status()).toBe(200);
    expect(await report.json()).toMatchObject({ Report_Header: { Report_ID: entry.Report_ID, Release: '5.1' }, Report_Items: expect.any(Array) });
  }

  await keys.getByRole('button', { name: `Revoke the key “${label}”` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is revoked' })).toBeVisible();
  const refused = await request.get('/r51/members', { params: credentials });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ Code: 2000, Message: 'Requestor Not Authorized to Access Service' });
});
