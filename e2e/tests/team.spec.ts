import { expect, test } from '@playwright/test';
import { makeRegistration } from '@portal/contract/factories';
import { portal, signIn } from './support.ts';

// Issue 25 item 2: the owner invites an agent; without SMTP the invitation link is answered to the owner, who
// passes it on; the agent chooses a password with it, signs in at the agency's address and works in the
// workspace with the agent's sidebar and their name and role in the top bar.

test('an owner invites an agent, who sets a password with the link and signs in to an agent’s workspace', async ({
  page,
}) => {
  const form = makeRegistration({ ClientName: 'Team Owner' });
  const registered = await page.request.post(`${portal()}/api/agencies/register-client`, { data: form });
  expect(registered.status()).toBe(201);
  const agencyOrigin = new URL((await registered.json()).data.portal_url).origin;

  await signIn(page, form.AgencyEmail!.toLowerCase(), form.AgencyPassword!, agencyOrigin);
  await expect(page).toHaveURL(/\/dashboard$/);
  const nav = page.getByRole('navigation', { name: 'Workspace' });
  await nav.getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  await expect(page.getByText(/No staff yet/)).toBeVisible();

  await page.getByRole('button', { name: 'Invite member' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member of staff' });
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('Full Name is required.')).toBeVisible();
  const email = `agent.${Date.now()}@example.in`;
  await dialog.getByLabel('Full Name').fill('Arjun Mehta');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone Number').fill('+91 98765 43210');
  await dialog.getByLabel('Role').selectOption('AG');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();

  const sent = page.getByRole('dialog', { name: 'Send the invitation link' });
  await expect(sent.getByText('send Arjun Mehta the link yourself')).toBeVisible();
  await expect(sent.getByRole('link', { name: 'Send on WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/919876543210\?text=/,
  );
  const url = (await sent.getByTestId('invitation-url').textContent())!.trim();
  expect(url.startsWith(`${agencyOrigin}/set-password#`)).toBe(true);
  await sent.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByRole('row', { name: /Arjun Mehta/ })).toContainText('Invited');

  // The agent, in a browser of their own.
  await page.goto(`${agencyOrigin}/terms`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Welcome! Choose your password' })).toBeVisible();
  await expect(
    page.getByText(`${form.AgencyName} invites you to work in its workspace as Agent.`),
  ).toBeVisible();
  await page.getByLabel('New Password').fill('Karyakarta#2026');
  await page.getByLabel('Confirm Password').fill('Karyakarta#2026');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, email, 'Karyakarta#2026', agencyOrigin);
  await expect(page).toHaveURL(/\/dashboard$/);
  const agentNav = page.getByRole('navigation', { name: 'Workspace' });
  await expect(agentNav.getByRole('link')).toHaveText([
    'Dashboard',
    'Renewals',
    'Claims',
    'Account Security',
  ]);
  await expect(agentNav.getByRole('button', { name: 'My Clients' })).toBeVisible();
  const who = page.getByTestId('signed-in-as');
  await expect(who).toContainText('Arjun Mehta');
  await expect(who).toContainText('Agent');
  // A screen the role may not use is unauthorized even by its address.
  await page.goto(`${agencyOrigin}/dashboard/team`);
  await expect(page).toHaveURL(/\/unauthorized$/);
});
