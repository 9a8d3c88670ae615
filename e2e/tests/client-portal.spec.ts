import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO, portal, signIn, storedToken } from './support.ts';

// The agency client's journey (issue 6): dashboard, alerts, plans, a plan's PDF in the viewer and saved,
// a family member's detail with a document preview, logout. The family member and the plan with a PDF are
// made through the owner's API when they are not there yet, so the journey does not depend on seed timing.

const fixtures = path.resolve(import.meta.dirname, '../fixtures');
const POLICY = 'E2E-HEALTH-2026';
const MEMBER = { first_name: 'Anaya', last_name: 'Sharma', relationship: 'Daughter' };

/** A small one-page PDF, over the spec's 100-byte minimum. */
const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj',
    '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj',
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R',
    '/Resources <</Font <</F1 5 0 R>>>>>> endobj',
    '4 0 obj <</Length 58>> stream',
    'BT /F1 16 Tf 24 100 Td (Policy schedule E2E-HEALTH) Tj ET',
    'endstream endobj',
    '5 0 obj <</Type /Font /Subtype /Type1 /BaseFont /Helvetica>> endobj',
    'trailer <</Root 1 0 R>>',
    '%%EOF',
    '',
  ].join('\n'),
  'latin1',
);

const istDate = (daysAhead: number) =>
  new Date(Date.now() + daysAhead * 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 10);

async function ownerToken(request: APIRequestContext) {
  const res = await request.post(`${portal()}/api/agencies/client-login`, {
    headers: { 'x-tenant-host': DEMO.host },
    data: { email: DEMO.ownerEmail, password: DEMO.ownerPassword },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** Anaya (with PAN and Aadhaar scans) and a health policy with a PDF she holds, made once per database. */
async function ensureJourneyData(request: APIRequestContext) {
  const token = await ownerToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const api = (p: string) => `${portal()}/api${p}`;
  const list = await (
    await request.get(api('/users/primary-clients?search=DEMOAGENCY-00001'), { headers })
  ).json();
  const priyaId: string = list.items[0].primary_client_id;
  const detail = await (await request.get(api(`/users/primary-clients/${priyaId}`), { headers })).json();
  type Member = { secondary_client_id: string; full_name: string };
  let member = (detail.data.family_members as Member[]).find((m) => m.full_name === 'Anaya Sharma');
  if (!member) {
    const created = await request.post(api('/secondary-clients'), {
      headers,
      data: {
        primary_client_id: priyaId,
        ...MEMBER,
        date_of_birth: '2012-08-19',
        gender: 'female',
        email: 'anaya.sharma@example.in',
        height_cm: 148,
        weight_kg: 38,
        pan_number: 'FGHIJ5678K',
        city: 'Mumbai',
        state: 'Maharashtra',
      },
    });
    expect(created.status()).toBe(201);
    member = {
      secondary_client_id: (await created.json()).data.secondary_client_id,
      full_name: 'Anaya Sharma',
    };
    for (const [kind, name, mimeType, buffer] of [
      ['pan', 'pan.pdf', 'application/pdf', PDF],
      ['aadhaar', 'aadhaar.png', 'image/png', readFileSync(path.join(fixtures, 'logo.png'))],
    ] as const) {
      const uploaded = await request.post(
        api(`/secondary-clients/${member.secondary_client_id}/documents/${kind}`),
        {
          headers,
          multipart: { file: { name, mimeType, buffer } },
        },
      );
      expect(uploaded.status()).toBe(200);
    }
  }
  type Plan = { policy_number: string };
  if (!(detail.data.plans.insurance as Plan[]).some((p) => p.policy_number === POLICY)) {
    const providers = (await (await request.get(api('/plans/providers'), { headers })).json()).data as Array<{
      provider_id: string;
      service_code: string;
    }>;
    const health = providers.find((p) => p.service_code === 'health');
    expect(health, 'the demo agency has a health insurance company').toBeTruthy();
    const plans = [
      {
        provider_id: health!.provider_id,
        service_code: 'health',
        policy_number: POLICY,
        premium_amount: '18250',
        start_date: istDate(-345),
        // 31 to 60 days ahead: an 'expiring' alert for the client, outside the owner's default 30-day renewals.
        end_date: istDate(45),
        subtype_fields: {
          cover_type: 'Individual',
          sum_assured: '500000',
          plan_name: 'E2E Health Shield',
          term: 1,
          insured_members: [{ insured_member_name: 'Anaya Sharma', relationship: 'Daughter' }],
        },
        nominee: { full_name: 'Priya Sharma', relation: 'Mother', phone_number: '9876501234' },
        file_index: 0,
      },
    ];
    const added = await request.post(api('/agencies/add-plans-to-existing'), {
      headers,
      multipart: {
        primary_client_id: priyaId,
        secondary_client_id: member.secondary_client_id,
        plansData: JSON.stringify(plans),
        planFiles: { name: 'policy.pdf', mimeType: 'application/pdf', buffer: PDF },
      },
    });
    expect(added.status(), await added.text()).toBe(201);
  }
}

test('the demo client reads the dashboard, alerts, a plan with its PDF and a family member, then logs out', async ({
  page,
  request,
}) => {
  // Setting up the data through the owner's API and the whole journey take longer than one screen.
  test.setTimeout(60_000);
  await ensureJourneyData(request);
  await signIn(page, DEMO.clientEmail, DEMO.clientPassword, portal(DEMO.host));
  await expect(page).toHaveURL(`${portal(DEMO.host)}/agency-client/dashboard`);
  await expect(page.getByRole('banner').getByText('Hello, Priya Sharma')).toBeVisible();

  // Dashboard: the figures are the client's own, as the API counts them.
  const token = await storedToken(page);
  const summary = (await (
    await page.request.get('/api/agency-user/client/dashboard/summary', {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { total_plans: number; total_premium: string };
  const figure = (label: string) => page.getByRole('region', { name: label }).getByTestId('figure-value');
  await expect(figure('Total Plans')).toHaveText(String(summary.total_plans));
  const premium = new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
  });
  await expect(figure('Total Premium')).toHaveText(premium.format(Number(summary.total_premium)));
  await expect(page.getByRole('region', { name: 'Agency Details' }).getByText('Demo Agency')).toBeVisible();

  // Alerts: the home lists the nearest ones; View all lists every alert, the policy ending in 45 days in red.
  const alerts = page.getByRole('region', { name: 'Upcoming Alerts & Actions' });
  await expect(alerts.getByRole('link', { name: /^Review / }).first()).toBeVisible();
  await alerts.getByRole('link', { name: /View all/ }).click();
  await expect(page).toHaveURL(/\/agency-client\/dashboard\/alerts$/);
  await expect(page.getByRole('heading', { name: 'Upcoming Alerts & Actions', level: 1 })).toBeVisible();
  const expiring = page.getByRole('listitem').filter({ hasText: 'E2E Health Shield' });
  await expect(expiring.getByText(/^Policy expiring in \d+ days/)).toHaveAttribute('data-tone', 'red');
  await page.getByRole('link', { name: 'Review E2E Health Shield' }).click();
  await expect(page).toHaveURL(/\/agency-client\/dashboard\/plans\/[0-9a-f-]{36}$/);
  await expect(page.getByText(`Policy No. ${POLICY}`)).toBeVisible();

  // My Plans: search narrows the cards and the footer count.
  await page.getByRole('navigation', { name: 'Client area' }).getByRole('link', { name: 'My Plans' }).click();
  await expect(page.getByRole('heading', { name: 'My Plans', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Insurance \d+$/ })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('searchbox', { name: 'Search' }).fill(' e2e-health ');
  await expect(page.getByText('Showing 1 plan(s) in Insurance')).toBeVisible();
  await page.getByRole('link', { name: /E2E Health Shield/ }).click();

  // Plan details: health fields, the nominee, and the PDF in the viewer, then saved under its policy number.
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('');
  await expect(page.getByText('Held by Anaya Sharma')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Plan Information' }).getByText('₹18,250.00')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Plan Information' }).getByText('₹5,00,000.00'),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Nominee Details' }).getByText('Priya Sharma')).toBeVisible();
  await page.getByRole('button', { name: 'View' }).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByRole('heading', { name: `${POLICY}.pdf` })).toBeVisible();
  await expect(viewer.locator(`iframe[title="Document ${POLICY}.pdf"]`)).toHaveAttribute('src', /^blob:/);
  const downloading = page.waitForEvent('download');
  await viewer.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${POLICY}.pdf`);
  const saved = readFileSync((await download.path())!);
  expect(saved.subarray(0, 5).toString()).toBe('%PDF-');
  expect(saved.length).toBeGreaterThanOrEqual(100);
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toHaveCount(0);

  // A family member: sections, masked PAN, documents with previews, and the plan she holds.
  await page
    .getByRole('navigation', { name: 'Client area' })
    .getByRole('link', { name: 'Secondary Clients' })
    .click();
  await page.getByPlaceholder('Search clients...').fill('anaya');
  await page.getByRole('link', { name: 'View Details of Anaya Sharma' }).click();
  await expect(page.getByRole('heading', { name: 'Anaya Sharma', level: 1 })).toBeVisible();
  const identity = page.getByRole('region', { name: 'Banking & Identification' });
  await expect(identity.getByText('••••678K')).toBeVisible();
  await expect(page.getByText('FGHIJ5678K')).toHaveCount(0);
  const documents = page.getByRole('region', { name: 'Documents' });
  await expect(documents.getByText('Not available')).toBeVisible();
  await documents.getByRole('button', { name: 'Preview Aadhaar' }).click();
  await expect(
    page.getByRole('dialog').getByRole('img', { name: 'Aadhaar · Anaya Sharma preview' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await documents.getByRole('button', { name: 'Preview PAN' }).click();
  await expect(page.getByRole('dialog').locator('iframe[title="PAN · Anaya Sharma preview"]')).toBeVisible();
  await page.keyboard.press('Escape');
  await page
    .getByRole('region', { name: /^Plans/ })
    .getByRole('link', { name: /E2E Health Shield/ })
    .click();
  await expect(page.getByText(`Policy No. ${POLICY}`)).toBeVisible();

  // The account menu closes on Escape; Logout ends the session on the server too.
  const menu = page.getByRole('button', { name: 'Account menu' });
  await menu.click();
  await expect(page.getByText(DEMO.clientEmail)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBeNull();
  const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
});

test('an unknown plan and an unknown family member show their error states', async ({ page }) => {
  await signIn(page, DEMO.clientEmail, DEMO.clientPassword, portal(DEMO.host));
  await expect(page).toHaveURL(/\/agency-client\/dashboard$/);
  await page.goto(`${portal(DEMO.host)}/agency-client/dashboard/plans/00000000-0000-4000-8000-00000000dead`);
  await expect(page.getByRole('heading', { name: 'No plan details found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
  await page.goto(
    `${portal(DEMO.host)}/agency-client/dashboard/secondary-clients/00000000-0000-4000-8000-00000000dead`,
  );
  await expect(page.getByRole('alert')).toContainText('Family member not found.');
  await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
});

test("amounts draw their rupee sign in the portal's typeface without fetching Inter's 85 kB latin-ext file", async ({
  page,
}) => {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
  });
  await signIn(page, DEMO.clientEmail, DEMO.clientPassword, portal(DEMO.host));
  const premium = page.getByRole('region', { name: 'Total Premium' });
  await expect(premium.getByTestId('figure-value')).toHaveText(/^₹[\d,]+\.\d\d$/);
  // The rupee sign's own face (decision 052) is the one loaded for it.
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.fonts].some(
          (face) =>
            face.family === 'Inter Variable' && face.unicodeRange === 'U+20B9' && face.status === 'loaded',
        ),
      ),
    )
    .toBe(true);
  await page.waitForLoadState('networkidle');
  expect(fonts.filter((font) => font.includes('latin-ext'))).toEqual([]);
});
