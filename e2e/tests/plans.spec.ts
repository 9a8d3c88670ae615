import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, expectToast, seriousA11yProblems, signIn } from './support.ts';

// Add Primary Client (with a life and a mutual-fund plan and their PDFs, one submission) and Add More Plans
// (a health plan with insured members for a family member), seen on the client's record (issue 5).

const PDF = path.resolve(import.meta.dirname, '../fixtures/document.pdf');

async function fillPlanBasics(
  card: Locator,
  plan: { company: string; number: string; money: string; start: string; end: string },
) {
  const companyLabel =
    (await card.getByLabel('Insurance Company').count()) > 0 ? 'Insurance Company' : 'Investment Company';
  await expect(card.getByLabel(companyLabel)).toBeEnabled();
  await card.getByLabel(companyLabel).selectOption({ label: plan.company });
  await card.getByLabel(/^(Policy Number|Investment Account Number)$/).fill(plan.number);
  await card.getByLabel(/^(Premium Amount|Amount)$/).fill(plan.money);
  await card.getByLabel('Start Date').fill(plan.start);
  await card.getByLabel('End Date').fill(plan.end);
}

async function openMyClients(page: Page) {
  const toggle = page.getByRole('button', { name: 'My Clients' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

test('the owner adds a client with a life and a mutual-fund plan and their PDFs, then a health plan for a family member', async ({
  page,
}) => {
  // A long journey: two forms, three plans, three uploads.
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const lastName = `Iyer ${tag}`;
  await signIn(page, DEMO.ownerEmail, DEMO.ownerPassword, `http://${DEMO.host}`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await openMyClients(page);
  await page.getByRole('link', { name: 'Add Primary Client' }).click();
  await expect(page.getByRole('heading', { name: 'Primary Client', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Add Primary Client' })).toBeVisible();

  // Step 1: the first name is required, named in the message.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('First Name is required.')).toBeVisible();
  await page.getByLabel('First Name').fill('Meera');
  await page.getByLabel('Last Name').fill(lastName);
  await page.getByLabel('Date of Birth').fill('12/06/1986');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: contact and address.
  await page.getByLabel(/^Email/).fill(`meera.${tag}@example.in`);
  await page.getByLabel(/^Phone Number/).fill('9876501234');
  await page.getByLabel('City').fill('Pune');
  await page.getByLabel('State').selectOption('Maharashtra');
  await page.getByLabel('Pincode').fill('0110');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Pincode must be 6 digits and not start with 0.')).toBeVisible();
  await page.getByLabel('Pincode').fill('411045');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: identity and portal access with an initial password.
  await page.getByLabel('PAN Number').fill('abcde1234f');
  await page.getByRole('switch', { name: 'Portal access' }).click();
  await page.getByLabel('Initial Password', { exact: true }).fill('Meera#Start2026');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 4: services held, a plan each, with the PDF.
  await page.getByRole('checkbox', { name: 'Life Insurance' }).check();
  await page.getByRole('checkbox', { name: 'Mutual Funds' }).check();
  const life = page.getByRole('article', { name: 'Life Insurance plan 1' });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(life.getByText('Sum Assured is required.')).toBeVisible();
  await fillPlanBasics(life, {
    // Not the demo's LIC: the providers journey counts LIC's plans.
    company: 'HDFC Life Insurance',
    number: `LIC-${tag}`,
    money: '24500',
    start: '01/04/2025',
    end: '31/03/2045',
  });
  await life.getByLabel('Plan Name').fill('Jeevan Labh');
  await life.getByLabel('Sum Assured').fill('1500000');
  await life.getByLabel('Mode').selectOption('Yearly');
  await life.getByLabel('Term').fill('20');
  await life.getByLabel('PPT').fill('16');
  await life.getByLabel('This plan has a nominee').click();
  await life.getByLabel('Nominee Full Name').fill('Ravi Iyer');
  await life.getByLabel('Nominee Relation').selectOption('Spouse');
  await life.getByLabel(/Plan Document/).setInputFiles(PDF);

  const mf = page.getByRole('article', { name: 'Mutual Funds plan 1' });
  await fillPlanBasics(mf, {
    company: 'HDFC Mutual Fund',
    number: `MF-${tag}`,
    money: '250000',
    start: '15/01/2024',
    end: '15/01/2034',
  });
  await mf.getByLabel('Folio Number').fill(`FOLIO-${tag}`);
  await mf.getByLabel('Fund').fill('HDFC Mutual Fund');
  await mf.getByLabel('Scheme').fill('HDFC Balanced Advantage Fund');
  await mf.getByLabel(/Plan Document/).setInputFiles(PDF);
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 5: review, then one submission.
  const review = page.getByRole('region', { name: 'Review and add' });
  await expect(review.getByText(`Meera ${lastName}`)).toBeVisible();
  await expect(review.getByText('••••234F')).toBeVisible();
  await expect(review.getByText('₹24,500.00')).toBeVisible();
  await expect(review.getByText('₹2,50,000.00')).toBeVisible();
  await page.getByRole('button', { name: 'Add Client' }).click();

  await expect(page).toHaveURL(/\/dashboard\/users\/[0-9a-f-]{36}$/);
  await expect(
    page.locator('.Toastify').getByText(new RegExp(`^Meera ${lastName} added as DEMOAGENCY-\\d{5}\\.$`)),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: `Meera ${lastName}` })).toBeVisible();
  await expect(page.getByText('Jeevan Labh')).toBeVisible();
  await expect(page.getByText('₹24,500.00').first()).toBeVisible();
  await expect(page.getByText('HDFC Balanced Advantage Fund')).toBeVisible();
  await expect(page.getByText('₹2,50,000.00').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Investments (1)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Documents \(2\)$/ })).toBeVisible();
  const clientUrl = page.url();
  const clientId = clientUrl.split('/').pop()!;

  // A family member, through the API (Add Secondary Client has its own journey).
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const member = await page.request.post('/api/secondary-clients', {
    headers: { authorization: `Bearer ${token}` },
    data: { primary_client_id: clientId, first_name: 'Kavya', last_name: lastName, relationship: 'Daughter' },
  });
  expect(member.status(), await member.text()).toBe(201);

  // Add More Plans: find the client, choose the family member, a health plan with two insured members.
  await openMyClients(page);
  await page.getByRole('link', { name: 'Add More Plans' }).click();
  await expect(page.getByRole('heading', { name: 'Plans', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Find the client' }).fill(lastName);
  await page
    .getByRole('list', { name: 'Matching clients' })
    .getByRole('button', { name: new RegExp(`Meera ${lastName}`) })
    .click();
  await page.getByRole('radio', { name: new RegExp(`Kavya ${lastName}`) }).check();

  const health = page.getByRole('article', { name: 'Plan 1' });
  await health.getByLabel('Service').selectOption({ label: 'Health Insurance' });
  await fillPlanBasics(health, {
    company: 'Star Health and Allied Insurance',
    number: `SH-${tag}`,
    money: '18500',
    start: '01/04/2026',
    end: '31/03/2027',
  });
  await health.getByLabel('Plan Name').fill('Family Optima');
  await health.getByLabel('Cover Type').selectOption('Family Floater');
  await health.getByLabel('Sum Assured').fill('1000000');
  await health.getByLabel('Term').fill('1');
  await page.getByRole('button', { name: 'Save Plan' }).click();
  await expect(health.getByText('Insured Member Name is required.')).toBeVisible();
  await health.getByLabel('Insured Member Name').fill(`Kavya ${lastName}`);
  await health.getByLabel('Relationship').selectOption('Self');
  await health.getByRole('button', { name: 'Add Member' }).click();
  const second = health.getByRole('listitem').nth(1);
  await second.getByLabel('Insured Member Name').fill(`Meera ${lastName}`);
  await second.getByLabel('Relationship').selectOption('Mother');
  await second.getByLabel(/Date of Birth/).fill('12/06/1986');
  await health.getByLabel(/Plan Document/).setInputFiles(PDF);
  await page.getByRole('button', { name: 'Save Plan' }).click();

  await expect(page).toHaveURL(clientUrl);
  await expectToast(page, '1 plan added.');
  await expect(page.getByText('Family Optima')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Insurance policies (2)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Documents \(3\)$/ })).toBeVisible();

  // The plan's detail lists both insured members.
  const detail = await page.request.get(`/api/users/primary-clients/${clientId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const plans = (
    (await detail.json()) as {
      data: { plans: { insurance: { plan_id: string; service_code: string; holder_name: string }[] } };
    }
  ).data.plans.insurance;
  const healthPlan = plans.find((p) => p.service_code === 'health')!;
  expect(healthPlan.holder_name).toBe(`Kavya ${lastName}`);
  const planDetail = await page.request.get(`/api/plans/${healthPlan.plan_id}/details`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const insured = (
    (await planDetail.json()) as { data: { insured_members: { insured_member_name: string }[] } }
  ).data.insured_members;
  expect(insured.map((m) => m.insured_member_name)).toEqual([`Kavya ${lastName}`, `Meera ${lastName}`]);
});

test('leaving a partly filled Add Primary Client form asks first', async ({ page }) => {
  await signIn(page, DEMO.ownerEmail, DEMO.ownerPassword, `http://${DEMO.host}`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`http://${DEMO.host}/dashboard/users/add`);
  await page.getByLabel('First Name').fill('Half');
  await openMyClients(page);
  await page.getByRole('link', { name: 'View Users' }).click();
  const dialog = page.getByRole('dialog', { name: 'Discard this client?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/\/dashboard\/users\/add$/);
  await expect(page.getByLabel('First Name')).toHaveValue('Half');
  // The back link asks too (the sidebar ignores a second click within 400 ms, spec §9).
  await page.getByRole('main').getByRole('link', { name: 'Registered Users' }).click();
  await page
    .getByRole('dialog', { name: 'Discard this client?' })
    .getByRole('button', { name: 'Discard' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/users$/);
});

test('the plan forms have no serious accessibility problems, wide or at 360 px', async ({ page }) => {
  // Ten accessibility scans take their time.
  test.setTimeout(120_000);
  page.on('dialog', (dialog) => dialog.accept());
  await signIn(page, DEMO.ownerEmail, DEMO.ownerPassword, `http://${DEMO.host}`);
  await expect(page).toHaveURL(/\/dashboard$/);
  const scan = async () => {
    expect(await seriousA11yProblems(page)).toEqual([]);
    // Nothing is wider than the screen.
    const width = page.viewportSize()!.width;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  };
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`http://${DEMO.host}/dashboard/users/add`);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('First Name is required.')).toBeVisible();
    await scan();
    await page.getByLabel('First Name').fill('Scan');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('PAN Number').fill('ABCDE1234F');
    await page.getByRole('switch', { name: 'Portal access' }).click();
    await scan();
    await page.getByLabel('Initial Password', { exact: true }).fill('Scan#Start2026');
    await page.getByLabel('Sign-in Email').fill('scan@example.in');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('checkbox', { name: 'Health Insurance' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Insured Member Name is required.')).toBeVisible();
    await scan();

    // Leaving by the address bar: the browser's own leave prompt, accepted below.
    await page.goto(`http://${DEMO.host}/dashboard/addPlans`);
    await expect(page.getByRole('list', { name: 'Matching clients' })).toBeVisible();
    await scan();
    await page.getByRole('list', { name: 'Matching clients' }).getByRole('button').first().click();
    await page
      .getByRole('article', { name: 'Plan 1' })
      .getByLabel('Service')
      .selectOption({ label: 'Post Office Schemes' });
    await page.getByRole('button', { name: 'Save Plan' }).click();
    await expect(page.getByText('ROI is required.')).toBeVisible();
    await scan();
  }
});
