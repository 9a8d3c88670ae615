import { expect, test } from '@playwright/test';
import { makeRegistration } from '@portal/contract/factories';
import { generate } from 'otplib';
import { portal, signIn, storedToken } from './support.ts';

// Issue 23 item 14: an agency owner turns on two-step verification and signs in with a code from the key shown.

/** A code of the time step `offset` seconds from now (the server accepts one step of drift each way). */
const codeAt = (secret: string, offset = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset });

test('an owner turns on two-step verification and signs in with a code', async ({ page }) => {
  const form = makeRegistration({ ClientName: 'Totp Owner' });
  const registered = await page.request.post(`${portal()}/api/agencies/register-client`, { data: form });
  expect(registered.status()).toBe(201);
  const email = form.AgencyEmail!;
  const password = form.AgencyPassword!;

  await signIn(page, email, password);
  await expect(page).not.toHaveURL(/\/login$|\/$/);
  await page.goto(`${portal()}/dashboard/security`);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await expect(page.getByText('Off', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Set up two-step verification' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  // The key in text, as a person without a camera would type it into the app.
  const secret = (await page.locator('code').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('6-digit code from the app').fill(await codeAt(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();

  // Ten recovery codes, once; downloaded before going on.
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^[A-Z2-7]{4}-/ })).toHaveCount(10);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('agency-portal-recovery-codes.txt');
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('On', { exact: true })).toBeVisible();
  await expect(page.getByText('10 of 10')).toBeVisible();

  // Signed out, the password alone no longer signs in: the code step asks for the app's code.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, email, password);
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  expect(await storedToken(page)).toBeNull();
  await code.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('The code is not correct');
  expect(await storedToken(page)).toBeNull();
  // The next step's code: the one used to turn it on cannot be used again.
  await code.fill(await codeAt(secret, 30));
  await code.press('Enter');
  await expect(page).not.toHaveURL(/\/login$|\/$/);
  expect(await storedToken(page)).not.toBeNull();
  await page.goto(`${portal()}/dashboard/security`);
  await expect(page.getByText('On', { exact: true })).toBeVisible();
});
