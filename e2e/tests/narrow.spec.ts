import { expect, type Page, test } from '@playwright/test';
import { DEMO, portal, signIn, signInAsAdmin, storedToken } from './support.ts';

// Every screen at 360 px, the width of the phones most Indian agents and clients use (issue 24 item 14): nothing
// scrolls sideways, and an amount never breaks across lines (₹2,14,24 / 0.00 on the dashboard before).

test.use({ viewport: { width: 360, height: 780 } });
// A dozen screens, each loaded afresh.
test.setTimeout(120_000);

async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Opens each path, waits for its content, and says which scroll sideways and by how much. */
async function widerThanScreen(page: Page, origin: string, paths: string[]) {
  const wide: string[] = [];
  for (const p of paths) {
    await page.goto(`${origin}${p}`);
    await expect(page.getByRole('main'), p).toBeVisible();
    await expect(page.getByRole('status', { name: /loading/i })).toHaveCount(0);
    const extra = await sidewaysScroll(page);
    if (extra > 0) wide.push(`${p} (+${extra}px)`);
  }
  return wide;
}

async function oneLine(page: Page, region: string) {
  const value = page.getByRole('region', { name: region }).getByTestId('figure-value');
  await expect(value).toHaveText(/^₹[\d,]+\.\d\d$/);
  const lineHeight = await value.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
  const box = await value.boundingBox();
  expect(box!.height, `${region} on one line`).toBeLessThan(lineHeight * 1.5);
}

test('the owner’s screens fit a 360 px phone, amounts on one line', async ({ page }) => {
  const origin = portal(DEMO.host);
  await signIn(page, DEMO.ownerEmail, DEMO.ownerPassword, origin);
  await expect(page.getByRole('heading', { name: 'Welcome, Rohan Mehta!' })).toBeVisible();
  await oneLine(page, 'Annual premium');
  await oneLine(page, 'Invested');

  const token = await storedToken(page);
  const headers = { authorization: `Bearer ${token}` };
  const list = await page.request.get(`/api/users/primary-clients?limit=10&search=Priya`, {
    headers,
  });
  const client = ((await list.json()) as { items: Array<{ primary_client_id: string }> }).items[0]!;
  const detail = await page.request.get(`/api/users/primary-clients/${client.primary_client_id}`, {
    headers,
  });
  const record = (await detail.json()) as {
    data: {
      plans: { insurance: Array<{ plan_id: string }> };
      family_members: Array<{ secondary_client_id: string }>;
    };
  };
  expect(
    await widerThanScreen(page, origin, [
      '/dashboard',
      '/dashboard/users',
      `/dashboard/users/${client.primary_client_id}`,
      `/dashboard/plans/${record.data.plans.insurance[0]!.plan_id}`,
      `/dashboard/secondary-client/${record.data.family_members[0]!.secondary_client_id}`,
      '/dashboard/users/add',
      '/dashboard/addPlans',
      '/dashboard/secondary',
      '/dashboard/import',
      '/dashboard/renewals',
      '/dashboard/insurance',
      '/dashboard/investments',
      '/dashboard/agency-profile',
      '/dashboard/security',
    ]),
  ).toEqual([]);
});

test('the client’s screens fit a 360 px phone, the premium on one line', async ({ page }) => {
  const origin = portal(DEMO.host);
  await signIn(page, DEMO.clientEmail, DEMO.clientPassword, origin);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await oneLine(page, 'Total Premium');
  expect(
    await widerThanScreen(page, origin, [
      '/agency-client/dashboard',
      '/agency-client/dashboard/plans',
      '/agency-client/dashboard/secondary-clients',
      '/agency-client/dashboard/agency-details',
      '/agency-client/dashboard/profile',
      '/agency-client/dashboard/alerts',
    ]),
  ).toEqual([]);
});

test('the platform admin’s screens fit a 360 px phone', async ({ page }) => {
  await signInAsAdmin(page);
  await expect(page.getByRole('button', { name: 'Go to Admin Dashboard' })).toBeVisible();
  expect(await sidewaysScroll(page)).toBe(0);
  expect(
    await widerThanScreen(page, portal(), [
      '/agency-admin/dashboard/overview',
      '/agency-admin/dashboard/manage-clients',
      '/agency-admin/dashboard/security',
    ]),
  ).toEqual([]);
});
