import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { pdfText } from '../../apps/api/test/pdf-text.ts';
import { DEMO, portal, signIn, storedToken } from './support.ts';

// Issue 29 item 2, decision 047: the demo client downloads their portfolio statement from the dashboard, and it
// names every plan My Plans lists (number and name), with the PAN masked; the owner downloads the same household's
// statement from the client record.

type Plan = { policy_number: string; plan_name: string };

test('the client downloads their portfolio statement and it names every plan of My Plans', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, DEMO.clientEmail, DEMO.clientPassword, portal(DEMO.host));
  await expect(page).toHaveURL(`${portal(DEMO.host)}/agency-client/dashboard`);
  const token = await storedToken(page);
  const mine = (await (
    await page.request.get('/api/agency-user/client/my-plans', {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { insurance_plans: Plan[]; investment_plans: Plan[] };
  const plans = [...mine.insurance_plans, ...mine.investment_plans];
  expect(plans.length).toBeGreaterThan(0);

  const button = page.getByRole('button', { name: 'Download my portfolio statement' });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^portfolio-statement-Priya-Sharma-\d{4}-\d{2}-\d{2}\.pdf$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { flat } = pdfText(bytes);
  expect(flat).toContain('Portfolio statement');
  expect(flat).toContain('Priya Sharma · Self');
  for (const plan of plans) {
    expect(flat, plan.policy_number).toContain(plan.policy_number);
    expect(flat, plan.plan_name).toContain(plan.plan_name);
  }
  expect(flat).toContain('Nominee check');
  expect(flat).toContain('Your agency');
  expect(flat).not.toMatch(/PAN [A-Z]{5}\d{4}[A-Z]/);
  await expect(button).toBeEnabled();
});

test('the owner downloads a client’s portfolio statement from the client record', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, DEMO.ownerEmail, DEMO.ownerPassword, portal(DEMO.host));
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto(`${portal(DEMO.host)}/dashboard/users`);
  await page
    .getByRole('link', { name: /Priya Sharma/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Priya Sharma', level: 2 })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download portfolio statement' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^portfolio-statement-Priya-Sharma-/);
  const { flat } = pdfText(await readFile((await download.path())!));
  expect(flat).toContain('Priya Sharma · Self');
  expect(flat).toContain('Demo Agency');
});
