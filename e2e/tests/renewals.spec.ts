import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO, expectToast, portal, signIn, typedDay } from './support.ts';

// The owner's renewal work-list (issue 7): a policy ending soon is listed with its client and days left;
// the owner marks it renewed with the new end date and the renewed policy's PDF, and it leaves the list.

const PDF = Buffer.from(
  `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%${'renewal-journey '.repeat(12)}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  'latin1',
);

function isoDay(offsetDays: number): string {
  const india = new Date(Date.now() + (5 * 60 + 30) * 60_000 + offsetDays * 86_400_000);
  return india.toISOString().slice(0, 10);
}

async function ownerToken(request: APIRequestContext): Promise<string> {
  const res = await request.post(`${portal()}/api/agencies/client-login`, {
    headers: { 'x-tenant-host': DEMO.host },
    data: { email: DEMO.ownerEmail, password: DEMO.ownerPassword },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data.token;
}

/** A client of the demo agency with a motor policy ending in 3 days, recorded through the API. */
async function clientWithPolicy(request: APIRequestContext, tag: string) {
  const token = await ownerToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const providers = await request.get(`${portal()}/api/plans/providers?category=insurance`, { headers });
  const motor = (await providers.json()).data.find(
    (p: { service_code: string }) => p.service_code === 'motor',
  );
  expect(motor, 'the demo agency has a motor insurance company').toBeTruthy();
  const policyNumber = `MTR-RNW-${tag}`;
  const res = await request.post(`${portal()}/api/users/primary-clients`, {
    headers,
    data: {
      first_name: 'Rohan',
      last_name: `Desai ${tag}`,
      pan_number: `BNZPD${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}K`,
      phone: '9876543210',
      email: `rohan.${tag.toLowerCase()}@example.in`,
      plans: [
        {
          provider_id: motor.provider_id,
          service_code: 'motor',
          policy_number: policyNumber,
          premium_amount: '8450.00',
          start_date: isoDay(-362),
          end_date: isoDay(3),
          subtype_fields: { rc_number: 'MH12AB1234', term: 1 },
        },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { policyNumber, name: `Rohan Desai ${tag}` };
}

test('the owner sees the renewal work-list, marks a policy renewed, and it leaves the list', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36).toUpperCase();
  const { policyNumber, name } = await clientWithPolicy(request, tag);

  await signIn(page, DEMO.ownerEmail, DEMO.ownerPassword, portal(DEMO.host));
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Renewals' }).click();
  await expect(page).toHaveURL(/\/dashboard\/renewals$/);
  // The agent's day opens on today's bucket; the policy falls due in 3 days, this week.
  await expect(page.getByRole('tab', { name: /Due today/, selected: true })).toBeVisible();
  await page.getByRole('tab', { name: /This week/ }).click();
  await expect(page).toHaveURL(/bucket=week/);

  const card = page.getByTestId('renewal-item').filter({ hasText: policyNumber });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name, exact: true })).toBeVisible();
  // A motor cover's renewal premium falls due on its end date (decision 042).
  await expect(card.getByText('Renewal due in 3 days')).toBeVisible();
  await expect(card.getByText(/Premium ₹8,450\.00 Yearly · Ends/)).toBeVisible();

  // A contact first: it shows on the plan.
  await card.getByRole('button', { name: 'Contacted' }).click();
  await page.getByRole('dialog', { name: 'Record a contact' }).getByLabel('Note').fill('Will pay on Friday');
  await page.getByRole('dialog', { name: 'Record a contact' }).getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Contact recorded.');
  await expect(card.getByText(/Contacted on .*“Will pay on Friday”/)).toBeVisible();

  await card.getByRole('button', { name: 'Mark renewed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark policy renewed' });
  const endDate = dialog.getByLabel('New end date');
  // A date before the current end date is refused with the field named.
  await endDate.fill(typedDay(isoDay(1)));
  await dialog.getByRole('button', { name: 'Save renewal' }).click();
  await expect(dialog.getByText(/^New end date must be after the current end date/)).toBeVisible();
  await endDate.fill(typedDay(isoDay(368)));
  await dialog.getByLabel(/Renewed policy \(PDF\)/).setInputFiles({
    name: 'renewed-policy.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await dialog.getByLabel('Note').fill('Paid online');
  await dialog.getByRole('button', { name: 'Save renewal' }).click();
  await expectToast(page, `${policyNumber} renewed until ${formatIndian(isoDay(368))}.`);
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('renewal-item').filter({ hasText: policyNumber })).toHaveCount(0);

  // Not overdue either: it is renewed for a year.
  await page.getByRole('tab', { name: /Overdue/ }).click();
  await expect(page).toHaveURL(/bucket=overdue/);
  await expect(page.getByTestId('renewal-item').filter({ hasText: policyNumber })).toHaveCount(0);

  // Without a mail server the reminders are kept in the outbox the owner can read.
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
});

function formatIndian(day: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(`${day}T00:00:00+05:30`));
}

test('the client turns e-mail reminders off and chooses Hindi on My Profile, and it is kept', async ({
  page,
}) => {
  await signIn(page, DEMO.clientEmail, DEMO.clientPassword, portal(DEMO.host));
  await expect(page).toHaveURL(/\/agency-client\/dashboard/);
  await page.goto(`${portal(DEMO.host)}/agency-client/dashboard/profile`);
  const card = page.getByRole('region', { name: 'E-mail reminders' });
  await expect(card.getByText(`at ${DEMO.clientEmail}.`)).toBeVisible();
  const toggle = card.getByRole('switch', { name: 'Send me renewal reminders by e-mail' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(card.getByRole('button', { name: 'Save preference' })).toBeDisabled();

  await toggle.click();
  await card.getByLabel('Reminder language').selectOption('hi');
  await card.getByRole('button', { name: 'Save preference' }).click();
  await expectToast(page, 'Reminder preference saved.');

  // The reminder language is the portal's too (decision 048): after a reload the card itself speaks Hindi.
  await page.reload();
  const hindiCard = page.getByRole('region', { name: 'ईमेल रिमाइंडर' });
  const hindiToggle = hindiCard.getByRole('switch', { name: 'मुझे रिन्यूअल के रिमाइंडर ईमेल से भेजें' });
  await expect(hindiToggle).toHaveAttribute('aria-checked', 'false');
  await expect(hindiCard.getByLabel('रिमाइंडर और पोर्टल की भाषा')).toHaveValue('hi');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');

  // Back as the demo client had it, for the journeys after this one.
  await hindiToggle.click();
  await hindiCard.getByLabel('रिमाइंडर और पोर्टल की भाषा').selectOption('en');
  await hindiCard.getByRole('button', { name: 'पसंद सेव करें' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(card.getByLabel('Reminder language')).toHaveValue('en');
});
