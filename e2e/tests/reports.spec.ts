import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO, portal, signIn } from './support.ts';

// Issue 29: the demo agency's owner opens Reports, which shows this financial year's premium register, downloads it
// as .xlsx and finds in the file the rows and the total the screen shows.

/** '₹1,23,456.00' → 123456. */
const rupees = (text: string) => Number(text.replace(/[₹,\s]/g, ''));

test('the owner downloads this financial year’s premium register and its totals match the screen', async ({
  page,
}) => {
  await signIn(page, DEMO.ownerEmail, DEMO.ownerPassword, portal(DEMO.host));
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/dashboard\/reports$/);
  await expect(page.getByRole('banner').getByRole('heading', { name: 'Reports' })).toBeVisible();

  const table = page.getByRole('region', { name: 'Premiums in the period' });
  await expect(table).toBeVisible();
  const footer = table.locator('tfoot tr');
  await expect(footer).toContainText('Total for the period');
  const cells = footer.locator('td');
  const screenTotal = rupees((await cells.nth(5).innerText()).trim());
  const screenRows = Number((await cells.nth(7).innerText()).replace(/\D/g, ''));
  expect(screenRows).toBeGreaterThan(0);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Excel (.xlsx)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^demoagency-premium-register-\d{4}-04-01-to-\d{4}-03-31\.xlsx$/,
  );
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Premium register')!;
  expect(sheet.getRow(1).getCell(1).value).toBe('Client');
  const last = sheet.getRow(sheet.rowCount);
  expect(last.getCell(1).value).toBe('Total');
  // The header, a row per premium, and the totals row.
  expect(sheet.rowCount).toBe(screenRows + 2);
  expect(last.getCell(8).value).toBe(screenTotal);
});
