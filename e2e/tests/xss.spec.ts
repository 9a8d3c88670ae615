import { expect, type Page, test } from '@playwright/test';
import { DEMO, portal, signIn, storedToken } from './support.ts';

// Issue 9, item 6: a stored-XSS journey. The owner saves a client and a provider whose names are hostile
// markup; the owner opens the list, the client's record and the plan, and the client signs in and sees
// their own name and plan. No script runs: window.__xss stays undefined and no dialog opens. What the
// journey makes is removed afterwards, so the demo data later journeys read stays as it was.

const IMG = '<img src=x onerror=window.__xss=1>';
const SCRIPT = '<script>window.__xss=2;alert(1)</script>';
const PROVIDER = `<svg onload=window.__xss=3>Suraksha Life ${Date.now().toString(36)}`;
const LIFE_SERVICE_ID = '00000000-0000-4000-8000-000000000001';
const CLIENT_PASSWORD = 'Xss#Start2026a';
const CLIENT_NEW_PASSWORD = 'Xss#Chosen2026b';

/** Watches a page for any sign of a script that ran: a dialog, or window.__xss set. */
function watch(page: Page, dialogs: string[]) {
  page.on('dialog', async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
}
const xssFlag = (page: Page) => page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);

test('hostile names saved by the owner run no script for the owner or the client', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const dialogs: string[] = [];
  watch(page, dialogs);
  // The owner works on the platform address; the client signs in on the agency's.
  const owner = portal();
  await signIn(page, DEMO.ownerEmail, DEMO.ownerPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  const auth = { authorization: `Bearer ${await storedToken(page)}` };
  const api = (p: string) => `/api${p}`;

  // The owner saves a provider and a client with hostile names, the client with a plan of that provider.
  const providerForm = {
    multipart: {
      payload: JSON.stringify({ service_id: LIFE_SERVICE_ID, provider_name: PROVIDER, agency_code: 'XSS-1' }),
    },
  };
  const provider = await page.request.post(api('/plans/insurance'), { headers: auth, ...providerForm });
  expect(provider.status(), await provider.text()).toBe(201);
  const providerId = ((await provider.json()) as { data: { provider_id: string } }).data.provider_id;
  const email = `xss.${Date.now().toString(36)}@example.in`;
  let clientId: string | undefined;
  try {
    const created = await page.request.post(api('/users/primary-clients'), {
      headers: auth,
      data: {
        first_name: IMG,
        last_name: SCRIPT,
        email,
        phone: '9811100077',
        pan_number: 'ABCPX1234K',
        portal_access: { enabled: true, initial_password: CLIENT_PASSWORD },
        plans: [
          {
            provider_id: providerId,
            service_code: 'life',
            policy_number: `XSS-${Date.now().toString(36)}`,
            premium_amount: '12000',
            start_date: '2025-04-01',
            end_date: '2045-03-31',
            subtype_fields: {
              sum_assured: '500000',
              plan_name: '<b onmouseover=window.__xss=4>Plan</b>',
              mode: 'Yearly',
              term: 20,
              ppt: 16,
            },
            nominee: { full_name: '<iframe src=javascript:window.__xss=5>', relation: 'Spouse' },
          },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    clientId = ((await created.json()) as { data: { primary_client_id: string } }).data.primary_client_id;

    // The owner views the client list, the client's record and the plan: the names show as text.
    await page.goto(`${owner}/dashboard/users?search=${encodeURIComponent('xss.')}`);
    await expect(page.getByText(IMG, { exact: false }).first()).toBeVisible();
    await page.goto(`${owner}/dashboard/users/${clientId}`);
    await expect(page.getByText(IMG, { exact: false }).first()).toBeVisible();
    await expect(page.getByText(SCRIPT, { exact: false }).first()).toBeVisible();
    await expect(page.getByText(PROVIDER, { exact: false }).first()).toBeVisible();
    await page.getByText(PROVIDER, { exact: false }).first().hover();
    await page.getByRole('link', { name: 'Insurance Company' }).click();
    await expect(page.getByText(PROVIDER, { exact: false }).first()).toBeVisible();
    expect(await xssFlag(page)).toBeUndefined();

    // The client signs in, chooses a password, and sees their own name and plan.
    const client = await browser.newPage();
    watch(client, dialogs);
    await signIn(client, email, CLIENT_PASSWORD, portal(DEMO.host));
    await expect(client).toHaveURL(/\/change-password$/);
    await client.getByLabel('Current Password', { exact: true }).fill(CLIENT_PASSWORD);
    await client.getByLabel('New Password', { exact: true }).fill(CLIENT_NEW_PASSWORD);
    await client.getByLabel('Confirm Password', { exact: true }).fill(CLIENT_NEW_PASSWORD);
    await client.getByRole('button', { name: 'Save new password' }).click();
    // The greeting shows the whole name as text; the welcome heading its first word, '<img'.
    await expect(client.getByText(`Hello, ${IMG} ${SCRIPT}`)).toBeVisible();
    await expect(client.getByRole('heading', { name: 'Welcome back, <img' })).toBeVisible();
    await client.goto(`${portal(DEMO.host)}/agency-client/dashboard/plans`);
    await expect(client.getByText(PROVIDER, { exact: false }).first()).toBeVisible();
    await client.getByText(PROVIDER, { exact: false }).first().hover();
    expect(await xssFlag(client)).toBeUndefined();
    await client.close();

    expect(await xssFlag(page)).toBeUndefined();
    expect(dialogs).toEqual([]);
    console.log(
      '[security] stored XSS: 6 hostile strings shown to owner and client, 0 scripts ran, 0 dialogs',
    );
  } finally {
    if (clientId) {
      // The plan goes first: a provider with a plan cannot be deleted.
      const detail = await (
        await page.request.get(api(`/users/primary-clients/${clientId}`), { headers: auth })
      ).text();
      for (const [, planId] of detail.matchAll(/"plan_id":"([0-9a-f-]{36})"/g)) {
        const dropped = await page.request.delete(api(`/client-plans/${planId}`), { headers: auth });
        expect(dropped.status(), await dropped.text()).toBe(200);
      }
      const removed = await page.request.delete(api(`/users/primary-clients/${clientId}`), { headers: auth });
      expect(removed.status(), await removed.text()).toBe(200);
    }
    const gone = await page.request.delete(api(`/plans/${providerId}`), { headers: auth });
    expect(gone.status(), await gone.text()).toBe(200);
  }
});
