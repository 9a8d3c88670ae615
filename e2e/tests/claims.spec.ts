import { expect, type Page, test } from '@playwright/test';
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

// Issue 28 item 7 (decisions 043–045): the owner intimates a health reimbursement claim from the policy's page,
// uploads two documents of its checklist, which the client sees the agent has; the owner moves it through to
// settled with a deduction, and the client finds it settled on My Claims with its amounts. The journey makes its
// own client and removes it afterwards.

const CLIENT_PASSWORD = 'Grahak#Start2026';
const CLIENT_NEW_PASSWORD = 'Grahak#Naya2026c';

const made: Array<{ clientId: string; auth: Record<string, string> }> = [];
test.afterEach(async ({ request }) => {
  for (const { clientId, auth } of made.splice(0)) {
    const removed = await request.delete(`${portal()}/api/users/primary-clients/${clientId}`, {
      headers: auth,
    });
    expect(removed.status(), await removed.text()).toBe(200);
  }
});

test('a health reimbursement claim from intimation to settlement, with its documents, seen by the client', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36).toUpperCase();
  await signIn(page, DEMO.ownerEmail, DEMO.ownerPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  const auth = { authorization: `Bearer ${await storedToken(page)}` };
  const providers = (
    (await (await page.request.get('/api/plans/providers?category=insurance', { headers: auth })).json()) as {
      data: Array<{ provider_id: string; service_code: string }>;
    }
  ).data;
  const health = providers.find((p) => p.service_code === 'health')!;
  const email = `claim.${tag.toLowerCase()}@example.in`;
  const planName = `Care Supreme ${tag}`;
  const created = await page.request.post('/api/users/primary-clients', {
    headers: auth,
    data: {
      first_name: 'Sunita',
      last_name: `Rao ${tag}`,
      email,
      phone: '9811100077',
      portal_access: { enabled: true, initial_password: CLIENT_PASSWORD },
      plans: [
        {
          provider_id: health.provider_id,
          service_code: 'health',
          policy_number: `HLT-${tag}`,
          premium_amount: '21,400',
          start_date: isoDay(-200),
          end_date: isoDay(165),
          subtype_fields: {
            cover_type: 'Individual',
            sum_assured: '500000',
            plan_name: planName,
            term: 1,
            insured_members: [{ insured_member_name: `Sunita Rao ${tag}`, relationship: 'Self' }],
          },
        },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const clientId = ((await created.json()) as { data: { primary_client_id: string } }).data.primary_client_id;
  made.push({ clientId, auth });

  // Intimated from the policy's page.
  await page.goto(`/dashboard/users/${clientId}`);
  await page.getByRole('link', { name: planName }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/plans\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Intimate claim' }).click();
  const intimate = page.getByRole('dialog', { name: 'Intimate claim' });
  await intimate.getByLabel('Claim Kind').selectOption({ label: 'Health: reimbursement' });
  await intimate.getByLabel(/Claimed Amount/).fill('84,500');
  await intimate.getByLabel('Hospital').fill('Jehangir Hospital, Pune');
  await intimate.getByRole('button', { name: 'Intimate claim' }).click();
  await expectToast(page, 'Claim intimated.');
  await page
    .getByRole('link', { name: /Health: reimbursement/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/dashboard\/claims\/[0-9a-f-]{36}$/);
  const claimId = page.url().split('/').pop()!;

  // Two documents of its checklist uploaded; the bill comes back as it went.
  const checklist = page.getByRole('region', { name: 'Documents' });
  await expect(checklist.getByText('0 of 7 received')).toBeVisible();
  const form = pdfWithText(`Claim form ${tag}`);
  const bill = pdfWithText(`Final bill ${tag}`);
  await checklist
    .getByLabel('File for Claim form')
    .setInputFiles({ name: 'claim-form.pdf', mimeType: 'application/pdf', buffer: form });
  await expectToast(page, 'Claim form uploaded.');
  await checklist
    .getByLabel('File for Final hospital bill')
    .setInputFiles({ name: 'final-bill.pdf', mimeType: 'application/pdf', buffer: bill });
  await expectToast(page, 'Final hospital bill uploaded.');
  await expect(checklist.getByText('2 of 7 received')).toBeVisible();
  const saved = await downloaded(page, () =>
    checklist.getByRole('button', { name: 'Download Final hospital bill' }).click(),
  );
  expect(saved.name).toBe('final-bill.pdf');
  expect(saved.bytes.equals(bill)).toBe(true);

  // The client signs in while papers are being collected and sees which the agent has.
  const client = await browser.newPage();
  await signIn(client, email, CLIENT_PASSWORD, portal(DEMO.host));
  await expect(client).toHaveURL(/\/change-password$/);
  await client.getByLabel('Current Password', { exact: true }).fill(CLIENT_PASSWORD);
  await client.getByLabel('New Password', { exact: true }).fill(CLIENT_NEW_PASSWORD);
  await client.getByLabel('Confirm Password', { exact: true }).fill(CLIENT_NEW_PASSWORD);
  await client.getByRole('button', { name: 'Save new password' }).click();
  await expect(client.getByText(`Hello, Sunita Rao ${tag}`)).toBeVisible();
  await client.goto(`${portal(DEMO.host)}/agency-client/dashboard/claims/${claimId}`);
  const documents = client.getByRole('region', { name: 'Documents' });
  await expect(documents).toContainText('Your agent has 2 of 7. Please send the ones still needed.');
  await expect(documents.getByRole('listitem').filter({ hasText: 'Final hospital bill' })).toContainText(
    'Received',
  );
  await expect(documents.getByRole('listitem').filter({ hasText: 'Pharmacy bills' })).toContainText(
    'Still needed',
  );

  // Moved along the workflow to settled, with a deduction on approval.
  const move = async (label: string, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) => {
    await page.getByRole('button', { name: 'Move claim' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move claim' });
    await dialog.getByLabel('Move To').selectOption({ label });
    await fill?.(dialog);
    await dialog.getByRole('button', { name: `Move to ${label.toLowerCase()}` }).click();
    await expectToast(page, `Claim moved to ${label.toLowerCase()}.`);
    await expect(dialog).toBeHidden();
  };
  await move('Submitted', (d) => d.getByLabel('Insurer Claim Number').fill(`CLM-${tag}`));
  await move('Partly approved', async (d) => {
    await d.getByLabel(/Approved Amount/).fill('80,000');
    await d.getByRole('button', { name: /Add deduction/ }).click();
    await d.getByLabel('Reason 1').fill('Non-medical items');
    await d.getByLabel(/^Amount/).fill('4500');
  });
  await move('Settled', (d) => d.getByLabel(/Settled Amount/).fill('80000'));
  await expect(page.getByText('This claim is settled: its status can no longer change.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Timeline' }).getByRole('listitem')).toHaveCount(4);

  // The client finds it settled on My Claims, with its amounts; no paper is asked for any more.
  await client.goto(`${portal(DEMO.host)}/agency-client/dashboard`);
  await client.getByRole('link', { name: 'My Claims' }).first().click();
  const mine = client.getByRole('list', { name: 'Claims' }).getByRole('listitem');
  await expect(mine).toHaveCount(1);
  await expect(mine.first()).toContainText('Settled');
  await mine
    .first()
    .getByRole('link', { name: `Claim CLM-${tag}` })
    .click();
  await expect(client).toHaveURL(new RegExp(`/agency-client/dashboard/claims/${claimId}$`));
  await expect(client.getByText('Nothing: the claim is settled.')).toBeVisible();
  const amounts = client.getByRole('region', { name: 'Amounts' });
  await expect(amounts).toContainText('₹84,500.00');
  await expect(amounts).toContainText('₹80,000.00');
  await expect(amounts).toContainText('Non-medical items');
  await expect(client.getByRole('region', { name: 'Documents' })).toHaveCount(0);
  await client.close();
});
