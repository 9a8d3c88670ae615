import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { generate } from 'otplib';
import { E2E_ADMIN, E2E_PORT, E2E_TOKEN_SECRET } from '../playwright.config.ts';

export const DEMO = {
  ownerEmail: 'owner@demoagency.in',
  ownerPassword: 'Demo#Owner2026',
  clientEmail: 'client@demoagency.in',
  clientPassword: 'Demo#Client2026',
  host: `demoagency.localhost:${E2E_PORT}`,
};

export const portal = (host = `localhost:${E2E_PORT}`) => `http://${host}`;

/** Signs in through the form, as a person would. */
export async function signIn(page: Page, email: string, password: string, origin = portal()) {
  await page.goto(`${origin}/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The e2e admin's second factor, once a journey has set it up: its key, the last time step used, its recovery codes. */
const ADMIN_FACTOR = path.join(import.meta.dirname, '..', '.tmp', 'admin-second-factor.json');
interface AdminFactor {
  secret: string;
  lastStep: number;
  codes: string[];
}
const PERIOD = 30;

/**
 * Signs in as the platform admin, who must have a second factor (issue 23 item 14), and ends on /dashboard like
 * any admin sign-in. The first sign-in of a run sets it up through the security screen from the key in text; later
 * ones enter a code of a time step not used yet (a used one is refused), or a recovery code when the three steps
 * the server accepts now (one each way) are used up.
 */
export async function signInAsAdmin(page: Page) {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const codeStep = page.getByLabel('Authentication code');
  const setUp = page.getByRole('button', { name: 'Set up two-step verification' });
  await expect(codeStep.or(setUp)).toBeVisible();
  const now = Math.floor(Date.now() / 1000 / PERIOD);
  if (await setUp.isVisible()) {
    await setUp.click();
    const secret = (await page.locator('code').innerText()).replace(/\s+/g, '');
    await page
      .getByLabel('6-digit code from the app')
      .fill(await generate({ secret, epoch: (now - 1) * PERIOD }));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const items = page.getByRole('listitem').filter({ hasText: /^[A-Z2-7]{4}-/ });
    await expect(items).toHaveCount(10);
    mkdirSync(path.dirname(ADMIN_FACTOR), { recursive: true });
    const factor: AdminFactor = { secret, lastStep: now - 1, codes: await items.allInnerTexts() };
    writeFileSync(ADMIN_FACTOR, JSON.stringify(factor));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    await download;
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page).toHaveURL(/\/agency-admin\/dashboard\/overview$/);
    await page.goto(`${portal()}/dashboard`);
    return;
  }
  if (!existsSync(ADMIN_FACTOR)) throw new Error('The admin has a second factor this run did not set up.');
  const factor = JSON.parse(readFileSync(ADMIN_FACTOR, 'utf8')) as AdminFactor;
  const step = Math.max(now - 1, factor.lastStep + 1);
  if (step <= now + 1) {
    await codeStep.fill(await generate({ secret: factor.secret, epoch: step * PERIOD }));
    factor.lastStep = step;
  } else {
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(factor.codes.shift()!);
  }
  writeFileSync(ADMIN_FACTOR, JSON.stringify(factor));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A token signed with the server's own secret, so only its claims decide how the server answers. */
export async function forgeToken(claims: {
  sub: string;
  roleid: string[];
  clientName: string;
  expiresAt: number;
  tv?: number;
}) {
  return new SignJWT({
    roleid: claims.roleid,
    clientName: claims.clientName,
    agency_id: null,
    agency_name: null,
    tv: claims.tv ?? 1,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer('agency-portal')
    .setAudience('agency-portal-web')
    .setIssuedAt(claims.expiresAt - 3600)
    .setExpirationTime(claims.expiresAt)
    .sign(new TextEncoder().encode(E2E_TOKEN_SECRET));
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('token'));
}

export async function expectToast(page: Page, text: string) {
  await expect(page.locator('.Toastify').getByText(text, { exact: true }).first()).toBeVisible();
}

/** An ISO calendar date as a person in India types it into a date field: DD/MM/YYYY (issue 24 item 6). */
export function typedDay(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/** India's calendar date `offsetDays` from today, as YYYY-MM-DD. */
export function isoDay(offsetDays: number): string {
  const india = new Date(Date.now() + (5 * 60 + 30) * 60_000 + offsetDays * 86_400_000);
  return india.toISOString().slice(0, 10);
}

/** A small real PDF (over spec §9's 100-byte minimum) whose one line of text is `text`. */
export function pdfWithText(text: string): Buffer {
  const content = `BT /F1 18 Tf 72 760 Td (${text}) Tj ET`;
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n` +
      `2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n` +
      `3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R ` +
      `/Resources << /Font << /F1 5 0 R >> >> >> endobj\n` +
      `4 0 obj << /Length ${content.length} >> stream\n${content}\nendstream endobj\n` +
      `5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj\n` +
      `trailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}

/** The file a click downloads: its suggested name and bytes. */
export async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

/**
 * The page's serious and critical accessibility problems (axe), as `rule: element, …` lines. It first waits for
 * running CSS transitions to end: a button enabled a moment ago (its data arrived) fades from its grey for 150 ms,
 * and axe read that passing grey as the enabled button's contrast (plan-detail.spec, a flake of 27 Nov).
 */
export async function seriousA11yProblems(page: Page): Promise<string[]> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
