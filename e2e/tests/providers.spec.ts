import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO, expectToast, signIn, typedDay } from './support.ts';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');

test('the owner adds an insurance and an investment company with logos, edits one, and cannot delete one in use', async ({
  page,
}) => {
  const tag = Date.now().toString(36).toUpperCase();
  await signIn(page, DEMO.ownerEmail, DEMO.ownerPassword);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('link', { name: 'Insurance Company' }).click();
  await expect(page.getByRole('heading', { name: 'Insurance Company', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add insurance company' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'Add insurance company' });
  // Nothing filled: the form names what is missing, and nothing is sent.
  await dialog.getByRole('button', { name: 'Add insurance company' }).click();
  await expect(dialog.getByText('Provider Name is required.')).toBeVisible();
  await dialog.getByLabel('Service').selectOption({ label: 'Health Insurance' });
  await dialog.getByLabel('Provider Name').fill(`Star Health ${tag}`);
  await dialog.getByLabel('Agency Code').fill('SH-99812');
  await dialog.getByLabel('Email').fill('partners@starhealth.in');
  await dialog.getByLabel('Bank Name').fill('HDFC Bank');
  await dialog.getByLabel('Account Number').fill('50100234567891');
  // A file that claims to be a PNG but is not is refused by the server, which reads its content.
  await dialog.getByLabel('Logo').setInputFiles(path.join(fixtures, 'fake-logo.png'));
  await dialog.getByRole('button', { name: 'Add insurance company' }).click();
  await expect(dialog.getByText('Provider Logo must be a PNG, JPEG or WebP image file.')).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: `Star Health ${tag}` })).toHaveCount(0);
  await dialog.getByLabel('Logo').setInputFiles(path.join(fixtures, 'logo.png'));
  await dialog.getByRole('button', { name: 'Add insurance company' }).click();
  await expectToast(page, `Star Health ${tag} added.`);

  const card = page.getByRole('article').filter({ hasText: `Star Health ${tag}` });
  await expect(card.getByRole('img', { name: `Star Health ${tag} logo` })).toBeVisible();
  await expect(card.getByText('HDFC Bank · ••••7891')).toBeVisible();
  await expect(page.getByText('50100234567891')).toHaveCount(0);

  await card.getByRole('button', { name: `Edit Star Health ${tag}` }).click();
  dialog = page.getByRole('dialog', { name: `Edit Star Health ${tag}` });
  await dialog.getByLabel('Agent Name').fill('Kavita Joshi');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, `Star Health ${tag} updated.`);
  await expect(card.getByText('Kavita Joshi')).toBeVisible();

  // The demo's LIC record is used by a client's policy: deleting it is refused with the count.
  const lic = page.getByRole('article').filter({ hasText: 'Life Insurance Corporation of India' });
  await lic.getByRole('button', { name: /^Delete/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator('.Toastify').getByText(/1 plan/)).toBeVisible();
  await expect(lic).toBeVisible();

  await page.getByRole('link', { name: 'Investment Company' }).click();
  await page.getByRole('button', { name: 'Add investment company' }).first().click();
  dialog = page.getByRole('dialog', { name: 'Add investment company' });
  await dialog.getByLabel('Service').selectOption({ label: 'Mutual Funds' });
  await dialog.getByLabel('Provider Name').fill(`SBI Mutual Fund ${tag}`);
  await dialog.getByLabel('Agency Code').fill('SBI-7731');
  await dialog.getByLabel('ARN Number').fill('12345');
  await dialog.getByLabel('EUIN Number').fill('E12');
  await dialog.getByRole('button', { name: 'Add investment company' }).click();
  await expect(
    dialog.getByText('ARN Number must be ARN- followed by digits, for example ARN-123456.'),
  ).toBeVisible();
  await expect(
    dialog.getByText('EUIN Number must be E followed by 6 digits, for example E123456.'),
  ).toBeVisible();
  await dialog.getByLabel('ARN Number').fill('ARN-223344');
  await dialog.getByLabel('EUIN Number').fill('E654321');
  const soon = new Date(Date.now() + 60 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  await dialog.getByLabel('ARN Expiry').fill(typedDay(soon));
  await dialog.getByLabel('Logo').setInputFiles(path.join(fixtures, 'logo.png'));
  await dialog.getByRole('button', { name: 'Add investment company' }).click();
  await expectToast(page, `SBI Mutual Fund ${tag} added.`);
  const sbi = page.getByRole('article').filter({ hasText: `SBI Mutual Fund ${tag}` });
  await expect(sbi.getByText('ARN-223344')).toBeVisible();
  await expect(sbi.getByText(/ARN expires/)).toBeVisible();

  // Deleting an unused company works after confirming.
  await sbi.getByRole('button', { name: `Delete SBI Mutual Fund ${tag}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, `SBI Mutual Fund ${tag} deleted.`);
  await expect(sbi).toHaveCount(0);
});

test('the workspace works from a phone: the menu is a drawer', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, DEMO.ownerEmail, DEMO.ownerPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: 'Insurance Company' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.getByRole('link', { name: 'Investment Company' }).click();
  await expect(page).toHaveURL(/\/dashboard\/investments$/);
  await expect(drawer).toBeHidden();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
});
