import { expect, test } from '@playwright/test';
import { makeRegistration } from '@portal/contract/factories';
import { DEMO, forgeToken, portal, signIn, storedToken } from './support.ts';

test('an expired session ends on the session-ended screen', async ({ page }) => {
  // Sign in for real to learn the owner's id, then replace the token with an expired one of theirs.
  await signIn(page, DEMO.ownerEmail, DEMO.ownerPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  const token = (await storedToken(page))!;
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
  const expired = await forgeToken({
    sub: claims.sub,
    roleid: ['AO'],
    clientName: claims.clientName,
    tv: claims.tv,
    expiresAt: Math.floor(Date.now() / 1000) - 60,
  });
  // Swap the token on a page that calls no API: the dashboard's own calls, still arriving, would otherwise
  // meet the expired token and end the session before the visit below begins.
  await page.goto('/terms');
  await page.evaluate((t) => localStorage.setItem('token', t), expired);

  // The app leaves the page as soon as the API refuses the token (a full navigation), which can come before
  // the page's own load event: wait only for the navigation to start, then for where it ends.
  await page.goto('/agency-dashboard', { waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/session-expired\?reason=/);
  await expect(page.getByText('Your session has expired or is invalid.')).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  await page.getByRole('button', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('a device signed out elsewhere is told so; the owner changes their password from Account Security', async ({
  page,
}) => {
  // Issue 24 items 1 and 3, on an owner of their own: the demo owner's sessions are the other journeys'.
  const form = makeRegistration({ ClientName: 'Do Device Owner' });
  expect((await page.request.post(`${portal()}/api/agencies/register-client`, { data: form })).status()).toBe(
    201,
  );
  const email = form.AgencyEmail!.toLowerCase();
  await signIn(page, email, form.AgencyPassword!);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(`${portal()}/dashboard/security`);
  await page.getByRole('link', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByRole('heading', { name: 'Change your password' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/dashboard\/security$/);
  await page.getByRole('link', { name: 'Change password' }).click();
  await page.getByLabel('Current Password', { exact: true }).fill(form.AgencyPassword!);
  await page.getByLabel('New Password', { exact: true }).fill('Doosra#Device2026');
  await page.getByLabel('Confirm Password', { exact: true }).fill('Doosra#Device2026');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Another device signs in, then signs out: every session of the account ends, and this one says why. This page
  // waits on one that calls no API, so no call of the dashboard meets the ended session first.
  await page.goto(`${portal()}/terms`);
  const other = await page.request.post(`${portal()}/api/agencies/client-login`, {
    headers: { 'x-tenant-host': `localhost:${new URL(portal()).port}` },
    data: { email, password: 'Doosra#Device2026' },
  });
  const otherToken = ((await other.json()) as { data: { token: string } }).data.token;
  expect(
    (
      await page.request.post(`${portal()}/api/auth/logout`, {
        headers: { authorization: `Bearer ${otherToken}` },
      })
    ).status(),
  ).toBe(200);
  await page.goto(`${portal()}/dashboard/users`, { waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/session-expired\?reason=/);
  await expect(page.getByText('You have been signed out on this device')).toBeVisible();
});

test('the session-ended screen is also reached through /login?reason=', async ({ page }) => {
  await page.goto('/login?reason=Your%20session%20has%20expired%20or%20is%20invalid.');
  await expect(page.getByText('Your session has expired or is invalid.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go to Login' })).toBeVisible();
});

test('a link cannot put its own words on the session-ended screen', async ({ page }) => {
  // Issue 23 item 12: only the portal's own reasons are shown; any other text shows the default.
  const planted = 'Your policy is BLOCKED. Re-verify at http://evil.example now.';
  for (const path of ['/login', '/session-expired']) {
    await page.goto(`${path}?reason=${encodeURIComponent(planted)}`);
    await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
    await expect(page.getByText(/BLOCKED|evil\.example/)).toHaveCount(0);
  }
});

test('the guard sends visitors without a token, or with an unreadable one, to the sign-in screen', async ({
  page,
}) => {
  await page.goto('/agency-dashboard');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

  await page.evaluate(() => localStorage.setItem('token', 'not-a-token'));
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
  expect(await storedToken(page)).toBeNull();
});

test('an unknown path shows the not-found screen and leads back to sign-in', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
  await expect(page.getByText("Oops! The page you're looking for doesn't exist.")).toBeVisible();
  await page.getByRole('button', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('the terms page is readable from the registration form', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { name: 'Terms and Conditions' })).toBeVisible();
  await expect(page.getByText(/Digital Personal Data Protection Act/)).toBeVisible();
});
