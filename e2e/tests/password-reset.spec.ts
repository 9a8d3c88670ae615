import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { makeRegistration } from '@portal/contract/factories';
import { portal, signIn, storedToken } from './support.ts';

// Issue 24 item 1: an owner who forgot their password asks for a link on the sign-in screen and chooses a new
// one. The journeys' server has no SMTP_URL, so an owner's link goes to the server's log (decision 025).

const SERVER_LOG = path.resolve(import.meta.dirname, '../.tmp/server.log');

async function linkInLog(email: string): Promise<string> {
  for (let i = 0; i < 50; i += 1) {
    const line = readFileSync(SERVER_LOG, 'utf8')
      .split('\n')
      .filter((l) => l.includes(`link for ${email} is`))
      .at(-1);
    const url = line ? /(http:\/\/\S+\/set-password#[A-Za-z0-9_-]{43})/.exec(line)?.[1] : undefined;
    if (url) return url;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no link for ${email} in the server log`);
}

test('an owner who forgot their password gets a link, chooses a new one and signs in with it', async ({
  page,
}) => {
  const form = makeRegistration({ ClientName: 'Bhulakkad Owner' });
  const registered = await page.request.post(`${portal()}/api/agencies/register-client`, { data: form });
  expect(registered.status()).toBe(201);
  const email = form.AgencyEmail!.toLowerCase();

  // A session on another device, which the reset ends.
  await signIn(page, email, form.AgencyPassword!);
  await expect(page).not.toHaveURL(/\/login$|\/$/);
  const before = await storedToken(page);
  // Forget the session on a page that calls no API: a dashboard call still arriving without its token would end
  // the session and navigate away under the next step.
  await page.goto(`${portal()}/terms`);
  await page.evaluate(() => localStorage.clear());

  await page.goto(`${portal()}/`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText('Email is required.')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('we have sent it a link to choose a new password');

  const url = await linkInLog(email);
  // At the agency's own address (decisions §2).
  expect(url).toContain(`.localhost:`);
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByText(`Choose a new password for ${email}.`)).toBeVisible();
  await page.getByLabel('New Password').fill('Naya#Password2026');
  await page.getByLabel('Confirm Password').fill('Naya#Password2027');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm Password').fill('Naya#Password2026');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your password has been set. Sign in with your new password.')).toBeVisible();

  // The other session is over; the link is spent; the new password signs in.
  const me = await page.request.get(`${portal()}/api/auth/me`, {
    headers: { authorization: `Bearer ${before}` },
  });
  expect(me.status()).toBe(401);
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  await signIn(page, email, 'Naya#Password2026', new URL(url).origin);
  await expect(page).toHaveURL(/\/dashboard$/);
});
