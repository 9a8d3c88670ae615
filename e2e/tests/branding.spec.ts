import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, portal, signIn } from './support.ts';

// The agency's own address shows the agency (issue 24 item 4, decision 028): its name and the logo its owner
// uploads, on the sign-in page and in the client area; the bare address stays the generic portal.

const fixtures = path.join(import.meta.dirname, '..', 'fixtures');

/** Whether an image on the page has arrived and decoded (a broken one has no natural width). */
const loaded = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

test("the owner's logo shows on the agency's sign-in page and in its client area", async ({ page }) => {
  // Three sign-ins and an upload: one journey, given the time of three.
  test.slow();
  await signIn(page, DEMO.ownerEmail, DEMO.ownerPassword, portal(DEMO.host));
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${portal(DEMO.host)}/dashboard/agency-profile`);
  await page.getByLabel('Agency logo').setInputFiles(path.join(fixtures, 'logo.png'));
  await expect(page.getByText('Logo updated.')).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/login$/);

  // The agency's address: its name and logo, no sign-up.
  await page.goto(`${portal(DEMO.host)}/`);
  await expect(page.getByText('Sign in to the Demo Agency portal.')).toBeVisible();
  await expect(page.getByRole('complementary').getByText('Demo Agency', { exact: true })).toBeVisible();
  await expect(page.getByText('Agency Portal', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign up' })).toHaveCount(0);
  await expect.poll(() => loaded(page, 'aside img[src^="/api/branding/logo?v="]')).toBe(true);

  // The bare address: the generic portal, with sign-up.
  await page.goto(`${portal()}/`);
  await expect(page.getByText('Agency Portal', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign up' })).toBeVisible();
  await expect(page.locator('img[src^="/api/branding"]')).toHaveCount(0);

  // The client area: the logo beside the agency's name.
  await signIn(page, DEMO.clientEmail, DEMO.clientPassword, portal(DEMO.host));
  await expect(page).toHaveURL(/\/agency-client\/dashboard$/);
  const sidebar = page.locator('aside').first();
  await expect(sidebar.getByText('Demo Agency')).toBeVisible();
  await expect.poll(() => loaded(page, 'aside img[src^="/api/branding/logo?v="]')).toBe(true);
});
