import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO, expectToast, signIn, storedToken } from './support.ts';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');

test('the dashboard home shows the agency’s own figures', async ({ page }) => {
  await signIn(page, DEMO.ownerEmail, DEMO.ownerPassword);
  await expect(page.getByRole('heading', { name: 'Welcome, Rohan Mehta!' })).toBeVisible();
  const token = await storedToken(page);
  const answer = await page.request.get('/api/agencies/dashboard', {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = (await answer.json()) as {
    data: {
      primary_clients: number;
      active_insurance_policies: number;
      total_annual_premium: string;
      renewals_due_30_days: Array<{ plan_number: string }>;
    };
  };
  const figure = (label: string) => page.getByRole('region', { name: label }).getByTestId('figure-value');
  await expect(figure('Primary clients')).toHaveText(data.primary_clients.toLocaleString('en-IN'));
  await expect(figure('Active policies')).toHaveText(String(data.active_insurance_policies));
  const premium = new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
  }).format(Number(data.total_annual_premium));
  await expect(figure('Annual premium')).toHaveText(premium);
  await expect(page.getByRole('heading', { name: 'Plans by provider' })).toBeVisible();
  // The soonest renewal of the agency's own answer (other journeys add plans ending sooner than the demo's).
  const soonest = data.renewals_due_30_days[0];
  expect(soonest, 'the demo agency has a renewal due within 30 days').toBeDefined();
  await expect(page.getByText(soonest!.plan_number)).toBeVisible();
});

test('the owner edits the agency profile and its logo', async ({ page }) => {
  await signIn(page, DEMO.ownerEmail, DEMO.ownerPassword);
  await page.getByRole('link', { name: 'Premium Agency' }).click();
  await expect(page.getByRole('heading', { name: 'Agency Profile', level: 1 })).toBeVisible();
  await expect(page.getByText(`http://${DEMO.host}`)).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();

  await page.getByLabel('Pincode').fill('4000');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Pincode must be 6 digits and not start with 0.')).toBeVisible();
  await page.getByLabel('Pincode').fill('400050');
  const licence = `IRDAI-CA-${Date.now().toString().slice(-5)}`;
  await page.getByLabel('License Number').fill(licence);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Agency profile saved.');

  await page.getByLabel('Agency logo').setInputFiles(path.join(fixtures, 'logo.png'));
  await expectToast(page, 'Logo updated.');
  await expect(page.getByRole('img', { name: 'Demo Agency logo' })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('License Number')).toHaveValue(licence);
  await expect(page.getByRole('img', { name: 'Demo Agency logo' })).toBeVisible();
});
