import { expect, test } from '@playwright/test';
import { NAV_DEBOUNCE_MS } from '@portal/contract';
import { DEMO, portal } from './support.ts';

// Issue 30: the client's journey in Hindi. The client chooses Hindi on the sign-in screen, signs in, and finds
// every screen of the client area in Hindi, money and dates the Indian way; the choice is their saved language,
// so a reload (a later visit) is Hindi too. The journey ends by switching back to English, the demo client's
// language in the other journeys.

const origin = portal(DEMO.host);
/** A word of two or more Latin letters: what the client area's own words must not contain in Hindi. */
const LATIN_WORD = /[A-Za-z]{2,}/;

test('the client reads the sign-in screen and the client area in Hindi, and the choice stays', async ({
  page,
}) => {
  await page.goto(`${origin}/`);
  await page.getByRole('button', { name: 'हिन्दी में देखें' }).click();
  await expect(page.getByRole('heading', { name: 'आपका फिर से स्वागत है' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await page.getByLabel('ईमेल', { exact: true }).fill(DEMO.clientEmail);
  await page.getByLabel('पासवर्ड', { exact: true }).fill(DEMO.clientPassword);
  await page.getByRole('button', { name: 'साइन इन करें' }).click();
  await page.waitForURL('**/agency-client/dashboard');

  // The frame and the home.
  const nav = page.getByRole('navigation', { name: 'क्लाइंट एरिया' }).first();
  // The area's navigation ignores a click within NAV_DEBOUNCE_MS of the one before (spec §2, §9); a screen shown
  // sooner than that (the family page) must not swallow the reader's next choice here.
  let lastChoice = 0;
  const choose = async (name: string) => {
    await page.waitForTimeout(Math.max(0, lastChoice + NAV_DEBOUNCE_MS + 50 - Date.now()));
    await nav.getByRole('link', { name }).click();
    lastChoice = Date.now();
  };
  await expect(nav.getByRole('link', { name: 'मेरे प्लान' })).toBeVisible();
  await expect(page.getByText(/^नमस्ते, /)).toBeVisible();
  await expect(page.getByRole('region', { name: 'आने वाले अलर्ट और ज़रूरी काम' })).toBeVisible();
  const premium = page.getByRole('region', { name: 'कुल प्रीमियम' });
  await expect(premium.getByTestId('figure-value')).toHaveText(/^₹[\d,]+\.\d\d$/);
  expect(await nav.innerText()).not.toMatch(LATIN_WORD);
  await expect(page).toHaveTitle(/^डैशबोर्ड · Agency Portal$/);

  // All alerts: titles and hints in Hindi (the API's kinds and values), dates in Hindi.
  await page.getByRole('link', { name: /सभी देखें/ }).click();
  await expect(page.getByRole('heading', { name: 'आने वाले अलर्ट और ज़रूरी काम' })).toBeVisible();
  const alerts = page.getByRole('main').getByRole('listitem');
  if ((await alerts.count()) > 0) {
    const first = await alerts.first().innerText();
    expect(first).toMatch(/[\u0900-\u097F]/);
    await expect(alerts.first().getByRole('link', { name: /देखें$/ })).toBeVisible();
  }

  // My Plans, a plan's details.
  await choose('मेरे प्लान');
  await expect(page.getByRole('tab', { name: /बीमा/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(/^बीमा में \d+ प्लान दिख रहे हैं$/)).toBeVisible();
  await page.getByRole('list', { name: 'बीमा प्लान' }).getByRole('link').first().click();
  await expect(page.getByRole('region', { name: 'प्लान की जानकारी' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'नॉमिनी की जानकारी' })).toBeVisible();

  // Family, claims, the agency, the profile.
  await choose('परिवार के सदस्य');
  await expect(page.getByRole('heading', { name: 'परिवार के सदस्य' })).toBeVisible();
  await choose('मेरे क्लेम');
  await expect(page.getByRole('heading', { name: 'मेरे क्लेम' })).toBeVisible();
  await page.getByRole('button', { name: 'खाते का मेन्यू' }).click();
  await page.getByRole('link', { name: 'मेरी एजेंसी की जानकारी' }).click();
  await expect(page.getByRole('heading', { name: 'मेरी एजेंसी की जानकारी' })).toBeVisible();
  await page.getByRole('button', { name: 'खाते का मेन्यू' }).click();
  await page.getByRole('link', { name: 'मेरी प्रोफ़ाइल' }).click();
  await expect(page.getByRole('tab', { name: 'सारांश' })).toBeVisible();

  // The choice is the client's saved language: a later visit is in Hindi from its first paint.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'सारांश' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');

  // Back to English, saved for the other journeys; the spec's words are there again.
  const saved = page.waitForResponse(
    (r) => r.url().includes('notification') && r.request().method() !== 'GET' && r.ok(),
  );
  await page.getByRole('button', { name: 'View in English' }).click();
  await saved;
  await expect(page.getByRole('link', { name: 'My Plans' }).first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
