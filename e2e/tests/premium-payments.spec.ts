import { expect, test } from '@playwright/test';
import { dueDatesPaid, initialNextDue, nextDueAfter, scheduleOf } from '@portal/contract';
import {
  DEMO,
  downloaded,
  expectToast,
  isoDay,
  pdfWithText,
  portal,
  signIn,
  storedToken,
} from './support.ts';

// Decisions 038 and 041: the owner marks two quarterly premiums of a life policy paid with the receipt's PDF, sees
// the next due date move and the payment in the history, downloads the receipt; the client signs in and finds the
// payment and its receipt on their plan's details. Then a motor policy is renewed with a new premium and policy
// number, and the plan's history says what changed. The journey makes its own client and removes it afterwards.

const CLIENT_PASSWORD = 'Grahak#Start2026';
const CLIENT_NEW_PASSWORD = 'Grahak#Naya2026x';

const shown = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(`${iso}T00:00:00+05:30`));

const made: Array<{ clientId: string; auth: Record<string, string> }> = [];
test.afterEach(async ({ request }) => {
  for (const { clientId, auth } of made.splice(0)) {
    const removed = await request.delete(`${portal()}/api/users/primary-clients/${clientId}`, {
      headers: auth,
    });
    expect(removed.status(), await removed.text()).toBe(200);
  }
});

test('premiums paid with a receipt, seen by the client, and a renewal with a new premium', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36).toUpperCase();
  await signIn(page, DEMO.ownerEmail, DEMO.ownerPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  const auth = { authorization: `Bearer ${await storedToken(page)}` };
  const providers = (
    (await (await page.request.get('/api/plans/providers?category=insurance', { headers: auth })).json()) as {
      data: Array<{ provider_id: string; provider_name: string; service_code: string }>;
    }
  ).data;
  // Not the demo's LIC record: the providers journey counts its plans.
  const life =
    providers.find((p) => p.service_code === 'life' && !p.provider_name.startsWith('Life Insurance Corp')) ??
    providers.find((p) => p.service_code === 'life')!;
  const motor = providers.find((p) => p.service_code === 'motor')!;
  const lifeStart = '2025-01-15';
  const lifeFields = { sum_assured: '1000000', plan_name: `Jeevan Umang ${tag}`, mode: 'Quarterly', ppt: 15 };
  const email = `premium.${tag.toLowerCase()}@example.in`;
  const created = await page.request.post('/api/users/primary-clients', {
    headers: auth,
    data: {
      first_name: 'Kiran',
      last_name: `Desai ${tag}`,
      email,
      phone: '9811100088',
      pan_number: 'ABCPD1234K',
      portal_access: { enabled: true, initial_password: CLIENT_PASSWORD },
      plans: [
        {
          provider_id: life.provider_id,
          service_code: 'life',
          policy_number: `LIFE-${tag}`,
          premium_amount: '6,250',
          start_date: lifeStart,
          end_date: '2045-01-15',
          subtype_fields: { ...lifeFields, term: 20 },
        },
        {
          provider_id: motor.provider_id,
          service_code: 'motor',
          policy_number: `MTR-${tag}`,
          premium_amount: '8450',
          start_date: isoDay(-360),
          end_date: isoDay(4),
          subtype_fields: { rc_number: 'MH12AB1234', term: 1 },
        },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const clientId = ((await created.json()) as { data: { primary_client_id: string } }).data.primary_client_id;
  made.push({ clientId, auth });

  // The dues the contract reckons for the policy: the next one, the two a payment covers, the one after.
  const schedule = scheduleOf({
    category: 'insurance',
    serviceCode: 'life',
    startDate: lifeStart,
    endDate: '2045-01-15',
    subtypeFields: lifeFields,
  });
  const next = initialNextDue(schedule, isoDay(0))!;
  const [first, second] = dueDatesPaid(schedule, next, 2) as [string, string];
  const after = nextDueAfter(schedule, next, 2)!;

  // The owner marks two premiums paid with the receipt's PDF.
  await page.goto(`/dashboard/users/${clientId}`);
  await page.getByRole('link', { name: lifeFields.plan_name }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/plans\/[0-9a-f-]{36}$/);
  const planId = page.url().split('/').pop()!;
  const premium = page.getByRole('region', { name: 'Premium' });
  await expect(premium.getByText(shown(next))).toBeVisible();
  await premium.getByRole('button', { name: 'Mark premium paid' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark premium paid' });
  await dialog.getByLabel('Instalments paid').fill('2');
  await expect(dialog.getByText(`Pays 2 premiums due ${shown(first)} to ${shown(second)}.`)).toBeVisible();
  await expect(dialog.getByText('2 × ₹6,250.00 = ₹12,500.00')).toBeVisible();
  await expect(dialog.getByLabel('Amount')).toHaveValue('12500.00');
  await dialog.getByLabel('Receipt Number').fill(`RCPT/${tag}`);
  const receipt = pdfWithText(`Premium receipt ${tag}`);
  await dialog
    .getByLabel(/Receipt \(PDF\)/)
    .setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: receipt });
  await dialog.getByRole('button', { name: 'Save payment' }).click();
  await expectToast(page, `2 instalments (${shown(first)} to ${shown(second)}) marked paid.`);
  await expect(dialog).toBeHidden();
  await expect(premium.getByText(shown(after))).toBeVisible();
  const row = premium.getByRole('row').filter({ hasText: `RCPT/${tag}` });
  await expect(row).toContainText(`${shown(first)} – ${shown(second)} (2)`);
  await expect(row).toContainText('₹12,500.00');
  const saved = await downloaded(page, () =>
    row.getByRole('button', { name: `Download receipt RCPT/${tag} (PDF)` }).click(),
  );
  expect(saved.name).toBe(`receipt-RCPT_${tag}.pdf`);
  expect(saved.bytes.equals(receipt)).toBe(true);

  // The motor policy is renewed with a new premium and policy number from the work-list.
  await page.goto('/dashboard/renewals?bucket=week');
  const card = page.getByTestId('renewal-item').filter({ hasText: `MTR-${tag}` });
  const motorPlan = await card.getByRole('link', { name: `MTR-${tag}` }).getAttribute('href');
  await card.getByRole('button', { name: 'Mark renewed' }).click();
  const renew = page.getByRole('dialog', { name: 'Mark policy renewed' });
  await renew.getByLabel(/New Premium/).fill('9,100');
  await expect(renew.getByText('₹8,450.00 → ₹9,100.00')).toBeVisible();
  await renew.getByLabel(/New Policy Number/).fill(`MTR-${tag}-2`);
  await renew.getByRole('button', { name: 'Save renewal' }).click();
  // The dialog offers a year after the current end date.
  const oldEnd = isoDay(4);
  const newEnd = `${Number(oldEnd.slice(0, 4)) + 1}${oldEnd.slice(4)}`;
  await expectToast(page, `MTR-${tag}-2 renewed until ${shown(newEnd)}.`);
  await page.goto(motorPlan!);
  const history = page.getByRole('region', { name: 'Renewal reminders' });
  await expect(
    history.getByText(
      `Renewed: ${shown(oldEnd)} → ${shown(newEnd)}, premium ₹8,450.00 → ₹9,100.00, policy MTR-${tag} → MTR-${tag}-2`,
      { exact: false },
    ),
  ).toBeVisible();

  // The client signs in, chooses a password, and finds the payment and its receipt on the plan's details.
  const client = await browser.newPage();
  await signIn(client, email, CLIENT_PASSWORD, portal(DEMO.host));
  await expect(client).toHaveURL(/\/change-password$/);
  await client.getByLabel('Current Password', { exact: true }).fill(CLIENT_PASSWORD);
  await client.getByLabel('New Password', { exact: true }).fill(CLIENT_NEW_PASSWORD);
  await client.getByLabel('Confirm Password', { exact: true }).fill(CLIENT_NEW_PASSWORD);
  await client.getByRole('button', { name: 'Save new password' }).click();
  await expect(client.getByText(`Hello, Kiran Desai ${tag}`)).toBeVisible();
  await client.goto(`${portal(DEMO.host)}/agency-client/dashboard/plans/${planId}`);
  const clientPremium = client.getByRole('region', { name: 'Premium' });
  await expect(clientPremium.getByText(shown(after))).toBeVisible();
  const clientRow = clientPremium.getByRole('row').filter({ hasText: `RCPT/${tag}` });
  await expect(clientRow).toContainText('₹12,500.00');
  const theirs = await downloaded(client, () =>
    clientRow.getByRole('button', { name: `Download receipt RCPT/${tag} (PDF)` }).click(),
  );
  expect(theirs.bytes.equals(receipt)).toBe(true);
  await client.close();
});
