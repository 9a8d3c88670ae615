import { expect, test } from '@playwright/test';
import { DEMO, portal, signIn, signInAsAdmin, storedToken } from './support.ts';

test('the platform admin signs in and is offered the admin dashboard', async ({ page }) => {
  // With its required second factor: set up at the first sign-in of a run, a code afterwards (issue 23 item 14).
  await signInAsAdmin(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Platform Admin!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go to Admin Dashboard' })).toBeVisible();
  expect(await storedToken(page)).toMatch(/^ey/);
});

test('a wrong password is refused with the spec message and no token is kept', async ({ page }) => {
  await signIn(page, DEMO.ownerEmail, 'Wrong#Password1');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Invalid email or password. Please try again.',
  );
  await expect(page).toHaveURL(/\/$/);
  expect(await storedToken(page)).toBeNull();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
});

test('the sign-in form names missing fields before calling the server', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email is required.')).toBeVisible();
  await expect(page.getByText('Password is required.')).toBeVisible();
});

test('the agency owner signs in on the platform address; logout ends the session', async ({ page }) => {
  await signIn(page, DEMO.ownerEmail, DEMO.ownerPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Rohan Mehta!' })).toBeVisible();
  await expect(page.getByText('Verification pending')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Go to Admin Dashboard' })).toHaveCount(0);
  const token = await storedToken(page);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBeNull();
  // The old token was revoked on the server, not only forgotten by the browser.
  const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
});

test("an agency's client signs in on the agency's address and lands in the client area", async ({ page }) => {
  await signIn(page, DEMO.clientEmail, DEMO.clientPassword, portal(DEMO.host));
  await expect(page).toHaveURL(`${portal(DEMO.host)}/agency-client/dashboard`);
  await expect(page.getByRole('banner').getByText('Hello, Priya Sharma')).toBeVisible();
  await expect(page.getByText('Demo Agency').first()).toBeVisible();
});

test('a client is not let into the agency workspace', async ({ page }) => {
  await signIn(page, DEMO.clientEmail, DEMO.clientPassword, portal(DEMO.host));
  await expect(page).toHaveURL(/\/agency-client\/dashboard$/);
  await page.goto(`${portal(DEMO.host)}/dashboard`);
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByText('You do not have the required permission to view this page.')).toBeVisible();
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/agency-client\/dashboard$/);
});
