import { expect, type Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { E2E_PORT, E2E_TOKEN_SECRET } from '../playwright.config.ts';

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
