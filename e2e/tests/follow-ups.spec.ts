import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO, expectToast, portal, signIn, typedDay } from './support.ts';

// Issue 27 items 4 and 5 (decision 039): on the work-list a plan offers "Send on WhatsApp" with the agency's
// message; on the plan the owner adds a follow-up with the next date, then marks the plan lost with why: it
// leaves the work-list and the home counts it.

function isoDay(offsetDays: number): string {
  const india = new Date(Date.now() + (5 * 60 + 30) * 60_000 + offsetDays * 86_400_000);
  return india.toISOString().slice(0, 10);
}

async function clientWithPolicy(request: APIRequestContext, tag: string) {
  const login = await request.post(`${portal()}/api/agencies/client-login`, {
    headers: { 'x-tenant-host': DEMO.host },
    data: { email: DEMO.ownerEmail, password: DEMO.ownerPassword },
  });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
  const providers = await request.get(`${portal()}/api/plans/providers?category=insurance`, { headers });
  const motor = (await providers.json()).data.find(
    (p: { service_code: string }) => p.service_code === 'motor',
  );
  const policyNumber = `MTR-FUP-${tag}`;
  const res = await request.post(`${portal()}/api/users/primary-clients`, {
    headers,
    data: {
      first_name: 'Sneha',
      last_name: `Kulkarni ${tag}`,
      phone: '+91 98765 43210',
      email: `sneha.${tag.toLowerCase()}@example.in`,
      plans: [
        {
          provider_id: motor.provider_id,
          service_code: 'motor',
          policy_number: policyNumber,
          premium_amount: '8450.00',
          start_date: isoDay(-360),
          end_date: isoDay(5),
          subtype_fields: { rc_number: 'MH12AB1234', term: 1 },
        },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { policyNumber, name: `Sneha Kulkarni ${tag}` };
}

test('the owner sends a WhatsApp message, adds a follow-up and marks the plan lost', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36).toUpperCase();
  const { policyNumber, name } = await clientWithPolicy(request, tag);
  await signIn(page, DEMO.ownerEmail, DEMO.ownerPassword, portal(DEMO.host));
  await expect(page).toHaveURL(/\/dashboard$/);
  const lostBefore = Number(
    (await page.getByTestId('lost-this-month').innerText()).replace(/\D+/g, '') || '0',
  );

  await page.goto(`${portal(DEMO.host)}/dashboard/renewals?bucket=week`);
  const card = page.getByTestId('renewal-item').filter({ hasText: policyNumber });
  const whatsApp = card.getByRole('link', { name: `Send on WhatsApp to ${name}` });
  await expect(whatsApp).toHaveAttribute('target', '_blank');
  const href = (await whatsApp.getAttribute('href')) ?? '';
  expect(href.startsWith('https://wa.me/919876543210?text=')).toBe(true);
  const text = new URL(href).searchParams.get('text') ?? '';
  expect(text).toContain(`Namaste ${name},`);
  expect(text).toContain(policyNumber);
  expect(text).toContain('Amount: ₹8,450.00');

  await card.getByRole('link', { name: policyNumber }).click();
  await expect(page).toHaveURL(/\/dashboard\/plans\//);
  const followUps = page.getByRole('region', { name: 'Follow-ups' });
  await expect(followUps.getByText(/^No follow-up yet/)).toBeVisible();
  await followUps.getByRole('button', { name: 'Add follow-up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add follow-up' });
  await dialog.getByLabel('Next follow-up date').fill(typedDay(isoDay(-1)));
  await dialog.getByLabel('Note').fill('Will pay after salary on the 1st');
  await dialog.getByRole('button', { name: 'Save follow-up' }).click();
  await expect(dialog.getByText(/^Next follow-up date must be today/)).toBeVisible();
  await dialog.getByLabel('Next follow-up date').fill(typedDay(isoDay(2)));
  await dialog.getByRole('button', { name: 'Save follow-up' }).click();
  await expectToast(page, 'Follow-up saved.');
  await expect(followUps.getByText('Will pay after salary on the 1st')).toBeVisible();
  await expect(followUps.getByText(/^Next follow-up /)).toBeVisible();

  await followUps.getByRole('button', { name: 'Mark lost' }).click();
  const lost = page.getByRole('dialog', { name: 'Mark this plan lost?' });
  await lost.getByRole('radio', { name: 'Other', exact: true }).check();
  await lost.getByRole('button', { name: 'Mark lost' }).click();
  await expect(lost.getByText('Say why the plan was lost.')).toBeVisible();
  await lost.getByLabel('Reason').fill('Sold the car');
  await lost.getByRole('button', { name: 'Mark lost' }).click();
  await expectToast(page, `${policyNumber} marked lost.`);
  await expect(followUps.getByText(/Other — “Sold the car”/)).toBeVisible();
  await expect(followUps.getByRole('button', { name: 'Add follow-up' })).toHaveCount(0);

  await page.goto(`${portal(DEMO.host)}/dashboard/renewals?bucket=week`);
  // The bucket's answer has arrived (its line counts the plans) before the plan is looked for.
  await expect(page.getByText(/^\d+ plans? due in the next 2 to 7 days/)).toBeVisible();
  await expect(page.getByTestId('renewal-item').filter({ hasText: policyNumber })).toHaveCount(0);
  await page.goto(`${portal(DEMO.host)}/dashboard`);
  await expect(page.getByTestId('lost-this-month')).toContainText(String(lostBefore + 1));
});
