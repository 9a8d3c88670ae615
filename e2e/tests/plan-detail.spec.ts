import { expect, type Page, test } from '@playwright/test';
import {
  DEMO,
  downloaded,
  expectToast,
  pdfWithText,
  seriousA11yProblems,
  signIn,
  storedToken,
} from './support.ts';

// Issue 5 item 6 and the client edit: the owner opens a plan, views, downloads and replaces its PDF, edits
// a field and sees it changed, deletes a plan, and edits the client's phone. The journey makes its own
// client so the demo data other journeys read stays as it is.

const LIFE_SERVICE_ID = '00000000-0000-4000-8000-000000000001';

// Journeys share one database: the clients made here are removed afterwards, so the dashboard's recent
// clients and the providers' plan counts that later journeys read stay as they were.
const made: Array<{ clientId: string; auth: Record<string, string> }> = [];
test.afterEach(async ({ request }) => {
  for (const { clientId, auth } of made.splice(0)) {
    const removed = await request.delete(`/api/users/primary-clients/${clientId}`, { headers: auth });
    expect(removed.status(), await removed.text()).toBe(200);
  }
});

/** Signs the owner in and makes a client with two life policies through the API. */
async function ownerWithClient(page: Page) {
  await signIn(page, DEMO.ownerEmail, DEMO.ownerPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  const auth = { authorization: `Bearer ${await storedToken(page)}` };
  const providers = await page.request.get(`/api/agencies/providers/by-service/${LIFE_SERVICE_ID}`, {
    headers: auth,
  });
  expect(providers.status(), await providers.text()).toBe(200);
  // Not the demo's LIC record: the providers journey counts its plans.
  const life = ((await providers.json()) as { data: Array<{ provider_id: string; provider_name: string }> })
    .data;
  const provider = life.find((p) => !p.provider_name.startsWith('Life Insurance Corporation')) ?? life[0]!;
  const tag = Date.now().toString(36);
  const lifePlan = (number: string) => ({
    provider_id: provider.provider_id,
    service_code: 'life',
    policy_number: number,
    premium_amount: '24500',
    start_date: '2024-04-01',
    end_date: '2044-03-31',
    subtype_fields: { sum_assured: '1500000', plan_name: 'Jeevan Labh', mode: 'Yearly', term: 20, ppt: 16 },
    nominee: { full_name: 'Nisha Verma', relation: 'Spouse' },
  });
  const created = await page.request.post('/api/users/primary-clients', {
    headers: auth,
    data: {
      first_name: 'Rohit',
      last_name: `Verma ${tag}`,
      phone: '9811100001',
      pan_number: 'ABCPV1234K',
      plans: [lifePlan(`POL/${tag}/1`), lifePlan(`POL-${tag}-2`)],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const clientId = ((await created.json()) as { data: { primary_client_id: string } }).data.primary_client_id;
  made.push({ clientId, auth });

  return { tag, provider, clientId };
}

test('the owner views, downloads and replaces a plan’s PDF, edits a field and deletes a plan', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { tag, provider, clientId } = await ownerWithClient(page);

  // The client's record links each plan to its detail.
  await page.goto(`/dashboard/users/${clientId}`);
  await page.getByRole('link', { name: 'Jeevan Labh' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/plans\/[0-9a-f-]{36}$/);
  const planUrl = page.url();
  await expect(page.getByRole('heading', { name: 'Client Plan Detail', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: provider.provider_name })).toBeVisible();
  const number = (await page
    .getByText(/^POL(\/|-)/)
    .first()
    .textContent())!;
  expect([`POL/${tag}/1`, `POL-${tag}-2`]).toContain(number);
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText('Date of Commencement')).toBeVisible();
  await expect(page.getByText('₹15,00,000.00')).toBeVisible();
  // The premium shows in Plan Information and again, per instalment and per year, in the Premium card.
  const planInformation = page.locator('section', {
    has: page.getByRole('heading', { name: 'Plan Information' }),
  });
  await expect(planInformation.getByText('₹24,500.00')).toBeVisible();
  await expect(page.getByText('Nisha Verma')).toBeVisible();
  await expect(page.getByText('No document yet.', { exact: false })).toBeVisible();

  // Upload the first PDF, then view it in the modal and download it under the plan's number.
  const first = pdfWithText(`Policy schedule first ${tag}`);
  await page.getByLabel('Upload the plan document').setInputFiles({
    name: 'schedule.pdf',
    mimeType: 'application/pdf',
    buffer: first,
  });
  await expectToast(page, 'Plan document added.');
  await expect(page.getByText('schedule.pdf')).toBeVisible();
  const fileName = `${number.replaceAll('/', '-')}.pdf`;
  await page.getByRole('button', { name: 'View' }).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByRole('heading', { name: fileName })).toBeVisible();
  await expect(viewer.locator('iframe')).toHaveAttribute('src', /^blob:/);
  const fromViewer = await downloaded(page, () => viewer.getByRole('button', { name: 'Download' }).click());
  expect(fromViewer.name).toBe(fileName);
  expect(fromViewer.bytes.equals(first)).toBe(true);
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();
  const saved = await downloaded(page, () => page.getByRole('button', { name: 'Download' }).click());
  expect(saved.name).toBe(fileName);
  expect(saved.bytes.equals(first)).toBe(true);

  // An HTML file called .pdf is refused by its content; a real PDF replaces the old one after confirming.
  await page.getByLabel('Replace the plan document').setInputFiles({
    name: 'fake.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(`<!doctype html><html><body>${'x'.repeat(200)}</body></html>`),
  });
  await page.getByRole('dialog').getByRole('button', { name: 'Replace' }).click();
  const documentCard = page.getByRole('region', { name: 'Document' });
  await expect(documentCard.getByRole('alert')).toHaveText('Plan File must be a PDF file.');
  const second = pdfWithText(`Policy schedule second ${tag}`);
  await page.getByLabel('Replace the plan document').setInputFiles({
    name: 'renewal.pdf',
    mimeType: 'application/pdf',
    buffer: second,
  });
  await expect(
    page.getByRole('dialog').getByText('renewal.pdf takes the place of schedule.pdf.', { exact: false }),
  ).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Replace' }).click();
  await expectToast(page, 'Plan document replaced.');
  await expect(page.getByText('renewal.pdf')).toBeVisible();
  const again = await downloaded(page, () => page.getByRole('button', { name: 'Download' }).click());
  expect(again.bytes.equals(second)).toBe(true);

  // Edit: a bad end date is named on its field; a new premium is saved and shown.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = page.getByRole('dialog');
  await expect(form.getByRole('heading', { name: `Edit policy ${number}` })).toBeVisible();
  await form.getByLabel('End Date').fill('01/01/2020');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form.getByText('End Date must be on or after the Start Date.')).toBeVisible();
  await form.getByLabel('End Date').fill('31/03/2045');
  await form.getByLabel('Premium Amount').fill('31,250.50');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, `Plan ${number} updated.`);
  await expect(form).toBeHidden();
  await expect(planInformation.getByText('₹31,250.50')).toBeVisible();
  await expect(page.getByText('31 Mar 2045')).toBeVisible();
  await page.reload();
  await expect(planInformation.getByText('₹31,250.50')).toBeVisible();

  // Delete the other plan, confirmed, and land back on the client.
  await page.goto(`/dashboard/users/${clientId}`);
  await expect(page.getByRole('heading', { name: 'Insurance policies (2)' })).toBeVisible();
  const other = number === `POL/${tag}/1` ? `POL-${tag}-2` : `POL/${tag}/1`;
  await page
    .getByRole('listitem')
    .filter({ hasText: other })
    .getByRole('link', { name: 'Jeevan Labh' })
    .click();
  await expect(page).not.toHaveURL(planUrl);
  await expect(page.getByText(other).first()).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/users/${clientId}$`));
  await expect(page.getByRole('heading', { name: 'Insurance policies (1)' })).toBeVisible();
});

test("the owner edits the client's phone; the PAN stays masked", async ({ page }) => {
  const { tag, clientId } = await ownerWithClient(page);
  await page.goto(`/dashboard/users/${clientId}`);
  await page.getByRole('button', { name: 'Edit client' }).click();
  const edit = page.getByRole('dialog');
  await expect(edit.getByText('Stored: ••••234K.', { exact: false })).toBeVisible();
  await edit.getByRole('textbox', { name: /^Phone Number/ }).fill('12');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByText('Phone Number must be a valid phone number.')).toBeVisible();
  await edit.getByRole('textbox', { name: /^Phone Number/ }).fill('9822233344');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, `Rohit Verma ${tag} updated.`);
  await expect(edit).toBeHidden();
  // The new phone is a link to call, and to WhatsApp (issue 24 item 12).
  await expect(page.getByRole('link', { name: /^Call .* on 9822233344$/ })).toHaveAttribute(
    'href',
    'tel:+919822233344',
  );
  await expect(page.getByRole('link', { name: /^WhatsApp .* on 9822233344$/ })).toHaveAttribute(
    'href',
    'https://wa.me/919822233344',
  );
  await expect(page.getByText('••••234K')).toBeVisible();
});

test('the plan detail, its dialogs and the client edit have no serious accessibility problems, wide or at 360 px', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { clientId } = await ownerWithClient(page);
  const scan = async () => {
    expect(await seriousA11yProblems(page)).toEqual([]);
  };
  const noWiderThan = async (width: number) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await page.goto(`/dashboard/users/${clientId}`);
  await page.getByRole('link', { name: 'Jeevan Labh' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/plans\/[0-9a-f-]{36}$/);
  const planUrl = page.url();
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(planUrl);
    await expect(page.getByRole('heading', { name: 'Plan Information' })).toBeVisible();
    await scan();
    await noWiderThan(width);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = page.getByRole('dialog');
    await expect(form.getByRole('textbox', { name: /^Premium Amount/ })).toBeVisible();
    await form.getByRole('textbox', { name: /^Policy Number/ }).fill('');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(form.getByText('Policy Number is required.')).toBeVisible();
    await scan();
    await page.keyboard.press('Escape');
    await page
      .getByRole('dialog', { name: 'Discard your changes?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.goto(`/dashboard/users/${clientId}`);
    await page.getByRole('button', { name: 'Edit client' }).click();
    await expect(page.getByRole('dialog').getByRole('textbox', { name: /^First Name/ })).toBeVisible();
    await scan();
    await noWiderThan(width);
  }
});
