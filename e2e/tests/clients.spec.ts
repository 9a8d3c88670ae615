import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support.ts';

test('the owner finds a client by search and opens their record with plans', async ({ page }) => {
  await signIn(page, DEMO.ownerEmail, DEMO.ownerPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'My Clients' }).click();
  await page.getByRole('link', { name: 'View Users' }).click();
  await expect(page.getByRole('heading', { name: 'Registered Users', level: 1 })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search clients' }).fill('no-such-client-xyz');
  await expect(page.getByText('No clients match “no-such-client-xyz”.', { exact: false })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search clients' }).fill('DEMOAGENCY-00001');
  await page.getByRole('link', { name: 'Priya Sharma' }).click();

  await expect(page).toHaveURL(/\/dashboard\/users\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Priya Sharma' })).toBeVisible();
  await expect(page.getByText('Jeevan Anand')).toBeVisible();
  await expect(page.getByText('₹24,500.00')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Investments (1)' })).toBeVisible();

  await page.goto('/dashboard/users/00000000-0000-4000-8000-00000000dead');
  await expect(page.getByText('This client does not exist or has been removed.')).toBeVisible();
});
