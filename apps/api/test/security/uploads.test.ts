import { deflateSync } from 'node:zlib';
import { endpoints } from '@portal/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figure } from '../figures.ts';
import { plansCsv } from '../fixtures/imports.ts';
import { pdfOf } from '../fixtures/pdf-bytes.ts';
import { ownerWithClient, plan } from '../fixtures/plans.ts';
import { AADHAAR, clientPayload, PAN } from '../fixtures/primary-clients.ts';
import { bearer, createAgencyClient, signInToken, verifyOwner } from '../helpers.ts';
import { pngBytes } from '../images.ts';
import { multipart, type Part } from '../multipart.ts';
import { createWatchedApp, reportTripwire, type WatchedApp } from './tripwire.ts';

// Issue 9, item 5: a hostile corpus, made here, posted to every upload route of the endpoint table: none
// accepted. Each route first takes a good file, so each refusal is the corpus's doing. Every download route
// answers with Content-Disposition, nosniff and no-store.

interface Sample {
  name: string;
  filename: string;
  type: string;
  bytes: Buffer;
}

const pdf = (body: string) =>
  Buffer.from(`%PDF-1.7\n${body}\ntrailer<</Root 1 0 R>>\n%%EOF\n${' '.repeat(120)}`, 'latin1');
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(400, 0x90)]);
const PE = Buffer.concat([
  Buffer.from('MZ', 'latin1'),
  Buffer.alloc(58, 0),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(64, 0),
  Buffer.from('PE\0\0', 'latin1'),
  Buffer.alloc(300, 0x90),
]);
const objStm = (() => {
  const packed = deflateSync(Buffer.from('<</S/JavaScript/JS(app.alert(1))>>', 'latin1'));
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.7\n1 0 obj<</Type/Catalog/OpenAction 5 0 R>>endobj\n4 0 obj<</Type/ObjStm/N 1/First 4/Filter/FlateDecode/Length ${packed.length}>>stream\n`,
      'latin1',
    ),
    packed,
    Buffer.from(`\nendstream\nendobj\ntrailer<</Root 1 0 R>>\n%%EOF\n${' '.repeat(80)}`, 'latin1'),
  ]);
})();

function corpus(): Sample[] {
  const good = pdfOf('good');
  return [
    { name: 'ELF executable named .pdf', filename: 'policy.pdf', type: 'application/pdf', bytes: ELF },
    { name: 'ELF executable named .png', filename: 'logo.png', type: 'image/png', bytes: ELF },
    { name: 'PE executable named .pdf', filename: 'policy.pdf', type: 'application/pdf', bytes: PE },
    { name: 'PE executable named .png', filename: 'photo.png', type: 'image/png', bytes: PE },
    {
      name: 'HTML named .pdf',
      filename: 'policy.pdf',
      type: 'application/pdf',
      bytes: Buffer.from(`<!doctype html><html><script>alert(1)</script>${' '.repeat(100)}</html>`),
    },
    {
      name: 'PDF/HTML polyglot',
      filename: 'policy.pdf',
      type: 'application/pdf',
      bytes: pdf(
        '<html><body><script>alert(document.domain)</script></body></html>\n1 0 obj<</Type/Catalog>>endobj',
      ),
    },
    {
      name: 'PDF with /JavaScript',
      filename: 'policy.pdf',
      type: 'application/pdf',
      bytes: pdf(
        '1 0 obj<</Type/Catalog/Names<</JavaScript 2 0 R>>>>endobj\n2 0 obj<</S/JavaScript/JS(app.alert(1))>>endobj',
      ),
    },
    {
      name: 'PDF with an /OpenAction action',
      filename: 'policy.pdf',
      type: 'application/pdf',
      bytes: pdf('1 0 obj<</Type/Catalog/OpenAction<</S/URI/URI(http://attacker.example/track)>>>>endobj'),
    },
    {
      name: 'PDF with /Launch',
      filename: 'policy.pdf',
      type: 'application/pdf',
      bytes: pdf('1 0 obj<</Type/Catalog/OpenAction 2 0 R>>endobj\n2 0 obj<</S/Launch/F(cmd.exe)>>endobj'),
    },
    {
      name: 'PDF with /EmbeddedFile',
      filename: 'policy.pdf',
      type: 'application/pdf',
      bytes: pdf(
        '1 0 obj<</Type/Catalog/Names<</EmbeddedFiles<</Names[(a.exe) 2 0 R]>>>>>>endobj\n2 0 obj<</Type/Filespec/EF<</F 3 0 R>>>>endobj\n3 0 obj<</Type/EmbeddedFile/Length 4>>stream\nMZ..\nendstream\nendobj',
      ),
    },
    {
      name: 'PDF with /JavaScript hidden by #xx escapes',
      filename: 'policy.pdf',
      type: 'application/pdf',
      bytes: pdf(
        '1 0 obj<</Type/Catalog/OpenAction 2 0 R>>endobj\n2 0 obj<</S/J#61vaScript/J#53(app.alert(1))>>endobj',
      ),
    },
    {
      name: 'PDF with /JavaScript in a compressed object stream',
      filename: 'policy.pdf',
      type: 'application/pdf',
      bytes: objStm,
    },
    {
      name: 'SVG with script named .png',
      filename: 'logo.png',
      type: 'image/png',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    },
    {
      name: 'SVG with script as image/svg+xml',
      filename: 'logo.svg',
      type: 'image/svg+xml',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>'),
    },
    { name: 'zero bytes', filename: 'policy.pdf', type: 'application/pdf', bytes: Buffer.alloc(0) },
    {
      name: 'oversize (10 MiB + 1 byte)',
      filename: 'policy.pdf',
      type: 'application/pdf',
      bytes: Buffer.concat([good, Buffer.alloc(10 * 1024 * 1024 + 1 - good.length, 0x20)]),
    },
    {
      name: 'traversal name ../',
      filename: '../../../etc/cron.d/policy.pdf',
      type: 'application/pdf',
      bytes: good,
    },
    {
      name: 'traversal name ..\\',
      filename: '..\\..\\windows\\policy.pdf',
      type: 'application/pdf',
      bytes: good,
    },
    { name: 'NUL in the name', filename: 'policy.pdf\u0000.png', type: 'application/pdf', bytes: good },
    {
      name: 'escape codes in the name',
      filename: '\u001b[2Jpolicy.pdf',
      type: 'application/pdf',
      bytes: good,
    },
  ];
}

/** An image sample in place of a PDF one, for routes that take images only. */
const asImage = (s: Sample): Sample =>
  s.name.startsWith('traversal') || s.name.endsWith('in the name')
    ? {
        ...s,
        filename: s.filename.replace(/\.pdf$/, '.png').replace('.pdf', '.png'),
        type: 'image/png',
        bytes: pngBytes(),
      }
    : s.name.startsWith('oversize')
      ? { ...s, filename: 'big.png', type: 'image/png', bytes: pngBytes(2, 2, 10 * 1024 * 1024 + 1) }
      : s;

interface UploadRoute {
  key: keyof typeof endpoints;
  images: boolean;
  /** The good file the route takes, when it is no PDF or image (an import's spreadsheet). */
  good?: Sample;
  send(file: Sample): Promise<LightMyRequestResponse>;
}

let t: WatchedApp;
let world: Awaited<ReturnType<typeof setUp>>;

async function setUp() {
  const o = await ownerWithClient(t.app, ['life', 'mutual_funds']);
  const token = o.token;
  await verifyOwner(t.db, o.agency.ownerId);
  const ac = await createAgencyClient(t, o.agency.agencyId);
  const acToken = await signInToken(t.app, { email: ac.email, password: ac.password, host: o.agency.host });
  const addPlans = async (service: string, file = pdfOf(service)) => {
    const body = multipart([
      { name: 'primary_client_id', value: ac.primaryClientId },
      { name: 'plansData', value: JSON.stringify([plan(service, o.providers[service]!)]) },
      { name: 'planFiles', filename: `${service}.pdf`, type: 'application/pdf', bytes: file },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/agencies/add-plans-to-existing',
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json<{
      data: { insurance: Array<{ plan_id: string }>; investment: Array<{ plan_id: string }> };
    }>().data;
    return (data.insurance[0] ?? data.investment[0])!.plan_id;
  };
  const lifePlan = await addPlans('life');
  const mfPlan = await addPlans('mutual_funds');
  const member = await t.app.inject({
    method: 'POST',
    url: '/api/secondary-clients',
    headers: bearer(token),
    payload: {
      primary_client_id: ac.primaryClientId,
      first_name: 'Kabir',
      last_name: 'Iyer',
      relationship: 'son',
      relation_type: 'child',
      date_of_birth: '2012-03-04',
      gender: 'male',
    },
  });
  expect(member.statusCode, member.body).toBe(201);
  const memberId = member.json<{ data: { secondary_client_id?: string; id?: string } }>().data;
  return {
    ...o,
    token,
    ac,
    acToken,
    lifePlan,
    mfPlan,
    memberId: (memberId.secondary_client_id ?? memberId.id)!,
    providerId: o.providers.life!,
    mfProviderId: o.providers.mutual_funds!,
  };
}

beforeAll(async () => {
  t = await createWatchedApp();
  // The clients made here carry this PAN and a full Aadhaar: no answer or log line may show them whole.
  t.tripwire.seed(PAN, AADHAAR);
  world = await setUp();
}, 120_000);
afterAll(async () => {
  const hits = reportTripwire('uploads', t);
  await t?.close();
  expect(hits).toEqual([]);
});

function post(method: 'POST' | 'PUT', url: string, parts: Part[]) {
  const body = multipart(parts);
  return t.app.inject({
    method,
    url,
    headers: { ...bearer(world.token), ...body.headers },
    payload: body.payload,
  });
}
const filePart = (name: string, f: Sample): Part => ({
  name,
  filename: f.filename,
  type: f.type,
  bytes: f.bytes,
});

function uploadRoutes(): UploadRoute[] {
  const w = world;
  const provider = (category: 'insurance' | 'investment', id?: string) => (f: Sample) =>
    post(id ? 'PUT' : 'POST', `/api/plans/${category}${id ? `/${id}` : ''}`, [
      {
        name: 'payload',
        value: JSON.stringify({
          service_id:
            category === 'insurance'
              ? '00000000-0000-4000-8000-000000000001'
              : '00000000-0000-4000-8000-000000000006',
          provider_name: `Upload Co ${Math.random().toString(36).slice(2, 8)}`,
          agency_code: 'AG-9',
        }),
      },
      filePart('providerlogourl', f),
    ]);
  return [
    { key: 'createInsuranceProvider', images: true, send: provider('insurance') },
    { key: 'createInvestmentProvider', images: true, send: provider('investment') },
    { key: 'updateInsuranceProvider', images: true, send: provider('insurance', w.providerId) },
    { key: 'updateInvestmentProvider', images: true, send: provider('investment', w.mfProviderId) },
    {
      key: 'uploadAgencyLogo',
      images: true,
      send: (f) => post('POST', '/api/agencies/profile/logo', [filePart('logo', f)]),
    },
    {
      key: 'createPrimaryClient',
      images: false,
      send: (f) => {
        return post('POST', '/api/users/primary-clients', [
          {
            name: 'payload',
            value: JSON.stringify({ ...clientPayload(), plans: [plan('life', w.providerId)] }),
          },
          filePart('planFiles', f),
        ]);
      },
    },
    {
      key: 'createPrimaryClient',
      images: true,
      send: (f) => {
        return post('POST', '/api/users/primary-clients', [
          {
            name: 'payload',
            value: JSON.stringify(clientPayload()),
          },
          filePart('avatar', f),
        ]);
      },
    },
    {
      key: 'uploadPrimaryClientAvatar',
      images: true,
      send: (f) =>
        post('POST', `/api/users/primary-clients/${w.ac.primaryClientId}/avatar`, [filePart('avatar', f)]),
    },
    {
      key: 'uploadSecondaryDocument',
      images: false,
      send: (f) => post('POST', `/api/secondary-clients/${w.memberId}/documents/pan`, [filePart('file', f)]),
    },
    {
      key: 'uploadSecondaryDocument',
      images: true,
      send: (f) =>
        post('POST', `/api/secondary-clients/${w.memberId}/documents/profile_image`, [filePart('file', f)]),
    },
    {
      key: 'addPlansToExisting',
      images: false,
      send: (f) =>
        post('POST', '/api/agencies/add-plans-to-existing', [
          { name: 'primary_client_id', value: w.ac.primaryClientId },
          { name: 'plansData', value: JSON.stringify([plan('life', w.providerId)]) },
          filePart('planFiles', f),
        ]),
    },
    {
      key: 'replaceClientPlanDocument',
      images: false,
      send: (f) => post('POST', `/api/client-plans/${w.lifePlan}/document`, [filePart('file', f)]),
    },
    {
      // The import (issue 26): a spreadsheet, judged by its content; none of the corpus is one.
      key: 'uploadImport',
      images: false,
      good: {
        name: 'good CSV',
        filename: 'book.csv',
        type: 'text/csv',
        bytes: plansCsv([{ client: 'Ravi Sharma', phone: '9876543210', policy: 'UP-1' }]),
      },
      send: (f) => post('POST', '/api/imports', [filePart('file', f)]),
    },
    {
      key: 'markPlanRenewed',
      images: false,
      send: (f) =>
        post('POST', `/api/renewals/plans/${w.lifePlan}/renewed`, [
          { name: 'new_end_date', value: '2046-03-31' },
          filePart('document', f),
        ]),
    },
    // A claim's checklist item (decision 045): a PDF or a photo.
    ...[false, true].map((images) => ({
      key: 'receiveClaimDocument' as const,
      images,
      send: async (f: Sample) =>
        post('POST', `/api/claims/${await aClaim()}/documents/claim_form`, [filePart('file', f)]),
    })),
    {
      key: 'markPremiumPaid',
      images: false,
      send: (f) =>
        post('POST', `/api/plans/${w.lifePlan}/premiums`, [
          { name: 'paid_on', value: '2025-04-01' },
          { name: 'amount', value: '24500' },
          { name: 'receipt_number', value: 'RCPT-1' },
          filePart('receipt', f),
        ]),
    },
  ];
}

describe('uploads', () => {
  it('refuse the whole hostile corpus on every upload route of the endpoint table', async () => {
    const routes = uploadRoutes();
    const multipartKeys = Object.entries(endpoints)
      .filter(([, e]) => 'multipart' in e && e.multipart)
      .map(([k]) => k);
    // Every multipart endpoint is exercised here, so a new upload route cannot escape this test.
    expect([...new Set(routes.map((r) => r.key))].sort()).toEqual(multipartKeys.sort());

    const samples = corpus();
    const accepted: string[] = [];
    const serverErrors: string[] = [];
    let sent = 0;
    for (const route of routes) {
      for (const raw of samples) {
        const sample = route.images ? asImage(raw) : raw;
        const res = await route.send(sample);
        sent += 1;
        if (res.statusCode < 400)
          accepted.push(`${route.key}${route.images ? ' (image)' : ''}: ${sample.name} → ${res.statusCode}`);
        if (res.statusCode >= 500) serverErrors.push(`${route.key}: ${sample.name} → ${res.statusCode}`);
      }
      // The same route takes a good file: the refusals above are the corpus's doing.
      const good: Sample = route.good
        ? route.good
        : route.images
          ? { name: 'good PNG', filename: 'photo.png', type: 'image/png', bytes: pngBytes() }
          : { name: 'good PDF', filename: 'policy.pdf', type: 'application/pdf', bytes: pdfOf('fine') };
      const ok = await route.send(good);
      expect(ok.statusCode, `${route.key} with a good file: ${ok.body}`).toBeLessThan(300);
    }
    figure(
      '5. Uploads',
      `[security] uploads: ${samples.length} hostile files × ${routes.length} upload routes (${multipartKeys.length} multipart endpoints) = ${sent} posts, ${sent - accepted.length} refused, ${accepted.length} accepted, ${serverErrors.length} server errors`,
    );
    expect(accepted).toEqual([]);
    expect(serverErrors).toEqual([]);
  }, 120_000);

  it('takes a PDF whose /OpenAction only names the page to show, and a plain one', async () => {
    const goTo = pdf('1 0 obj<</Type/Catalog/OpenAction[3 0 R/FitH null]>>endobj');
    const res = await post('POST', `/api/client-plans/${world.lifePlan}/document`, [
      { name: 'file', filename: 'policy.pdf', type: 'application/pdf', bytes: goTo },
    ]);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('names what is wrong with a PDF that carries JavaScript, in the field', async () => {
    const res = await post('POST', `/api/client-plans/${world.lifePlan}/document`, [
      filePart('file', corpus().find((s) => s.name === 'PDF with /JavaScript')!),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      file: 'Plan File contains JavaScript, which is not allowed in a document. Save it as a plain PDF (for example with Print to PDF) and upload that.',
    });
  });
});

/** A claim on the world's life policy (decision 045), made once. */
let claimId: string | null = null;
async function aClaim(): Promise<string> {
  if (claimId) return claimId;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/claims',
    headers: bearer(world.token),
    payload: {
      plan_id: world.lifePlan,
      kind: 'life_death',
      intimated_on: '2025-04-01',
      details: { claimant: 'Asha Iyer' },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  claimId = res.json<{ data: { id: string } }>().data.id;
  return claimId;
}

/** The agency's newest import (the upload routes' good file made one), or a new one. */
async function anImport(): Promise<string> {
  const listed = await t.app.inject({ url: '/api/imports', headers: bearer(world.token) });
  const newest = listed.json<{ data: Array<{ id: string }> }>().data[0];
  if (newest) return newest.id;
  const res = await post('POST', '/api/imports', [
    {
      name: 'file',
      filename: 'book.csv',
      type: 'text/csv',
      bytes: plansCsv([{ client: 'Ravi Sharma', phone: '9876543210', policy: 'DL-1' }]),
    },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: string } }>().data.id;
}

describe('downloads', () => {
  it('send Content-Disposition and nosniff on every download route, no-store on every private one', async () => {
    const w = world;
    // Each file-answering route of the endpoint table, with an object that has a file.
    await post('POST', '/api/agencies/profile/logo', [
      { name: 'logo', filename: 'logo.png', type: 'image/png', bytes: pngBytes() },
    ]);
    await post('PUT', `/api/plans/insurance/${w.providerId}`, [
      {
        name: 'payload',
        value: JSON.stringify({
          service_id: '00000000-0000-4000-8000-000000000001',
          provider_name: 'life Co',
          agency_code: 'AG-1',
        }),
      },
      { name: 'providerlogourl', filename: 'logo.png', type: 'image/png', bytes: pngBytes() },
    ]);
    await post('POST', `/api/users/primary-clients/${w.ac.primaryClientId}/avatar`, [
      { name: 'avatar', filename: 'me.png', type: 'image/png', bytes: pngBytes() },
    ]);
    await post('POST', `/api/secondary-clients/${w.memberId}/documents/pan`, [
      { name: 'file', filename: 'pan.pdf', type: 'application/pdf', bytes: pdfOf('pan') },
    ]);
    // A premium paid with its receipt (decision 041), downloaded by the workspace and by the client.
    const paid = await post('POST', `/api/plans/${w.lifePlan}/premiums`, [
      { name: 'paid_on', value: '2025-04-01' },
      { name: 'amount', value: '24500' },
      { name: 'receipt_number', value: 'RCPT-DL' },
      { name: 'receipt', filename: 'receipt.pdf', type: 'application/pdf', bytes: pdfOf('receipt') },
    ]);
    expect(paid.statusCode, paid.body).toBe(200);
    const paymentId = paid.json<{ data: { payments: Array<{ id: string }> } }>().data.payments[0]!.id;
    const claimFile = await post('POST', `/api/claims/${await aClaim()}/documents/claim_form`, [
      { name: 'file', filename: 'claim-form.pdf', type: 'application/pdf', bytes: pdfOf('claim form') },
    ]);
    expect(claimFile.statusCode, claimFile.body).toBe(200);
    const calls: Array<[keyof typeof endpoints, string, string]> = [
      ['providerLogo', `/api/plans/${w.providerId}/logo`, w.token],
      ['agencyLogo', '/api/agencies/profile/logo', w.token],
      ['primaryClientAvatar', `/api/users/primary-clients/${w.ac.primaryClientId}/avatar`, w.token],
      ['secondaryDocument', `/api/secondary-clients/${w.memberId}/documents/pan`, w.token],
      ['clientPlanDocument', `/api/client-plans/${w.mfPlan}/document`, w.token],
      ['clientPolicyDocument', `/api/agency-user/policies/${w.lifePlan}/document`, w.acToken],
      ['clientInvestmentDocument', `/api/agency-user/investments/${w.mfPlan}/document`, w.acToken],
      ['clientSecondaryDocument', `/api/agency-user/secondary-client/${w.memberId}/documents/pan`, w.acToken],
      ['planPremiumReceipt', `/api/plans/${w.lifePlan}/premiums/${paymentId}/receipt`, w.token],
      [
        'clientPremiumReceipt',
        `/api/agency-user/client/plans/${w.lifePlan}/premiums/${paymentId}/receipt`,
        w.acToken,
      ],
      // A claim's checklist item's file (decision 045), uploaded above.
      ['claimDocumentFile', `/api/claims/${await aClaim()}/documents/claim_form/file`, w.token],
      // A household's portfolio statement (decision 047), made on each call, for the workspace and the client.
      ['householdStatement', `/api/reports/households/${w.ac.primaryClientId}/statement.pdf`, w.token],
      ['clientPortfolioStatement', '/api/agency-user/client/statement.pdf', w.acToken],
      // A report as a file (decision 046): the agency's figures, private as any document.
      ['reportDownload', '/api/reports/download?report=premium_register&format=xlsx&period=this_fy', w.token],
      // The agency's book (issue 26, decision 035): the whole book in one file, private as any document.
      ['exportBookXlsx', '/api/exports/book.xlsx', w.token],
      ['exportBookCsv', '/api/exports/book.csv?sheet=plans', w.token],
      // The import's template (issue 26 item 1): the same file for every workspace, not kept by a cache either.
      ['importTemplateXlsx', '/api/imports/template.xlsx', w.token],
      ['importTemplateCsv', '/api/imports/template.csv?sheet=plans', w.token],
      // An import's rows with errors (issue 26 item 5): the agency's file given back, private as any document.
      ['importErrorsXlsx', `/api/imports/${await anImport()}/errors.xlsx`, w.token],
    ];
    // The one public file, the logo at the agency's address (decision 028), is cached on purpose: checked below.
    const publicFiles = ['brandingLogo'];
    const binaryKeys = Object.entries(endpoints)
      .filter(([, e]) => e.method === 'GET' && e.response === endpoints.agencyLogo.response)
      .map(([k]) => k);
    expect([...calls.map((c) => c[0]), ...publicFiles].sort()).toEqual(binaryKeys.sort());
    const problems: string[] = [];
    for (const [key, url, token] of calls) {
      const res = await t.app.inject({ url, headers: bearer(token) });
      if (res.statusCode !== 200) problems.push(`${key}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      if (!/^(attachment|inline); filename=/.test(String(res.headers['content-disposition'])))
        problems.push(`${key}: Content-Disposition "${res.headers['content-disposition']}"`);
      if (res.headers['x-content-type-options'] !== 'nosniff') problems.push(`${key}: no nosniff`);
      if (!/no-store/.test(String(res.headers['cache-control'])))
        problems.push(`${key}: Cache-Control "${res.headers['cache-control']}"`);
    }
    const logo = await t.app.inject({ url: '/api/branding/logo', headers: { host: w.agency.host } });
    if (logo.statusCode !== 200) problems.push(`brandingLogo: ${logo.statusCode} ${logo.body.slice(0, 120)}`);
    if (!/^inline; filename=/.test(String(logo.headers['content-disposition'])))
      problems.push(`brandingLogo: Content-Disposition "${logo.headers['content-disposition']}"`);
    if (logo.headers['x-content-type-options'] !== 'nosniff') problems.push('brandingLogo: no nosniff');
    if (logo.headers['content-type'] !== 'image/png')
      problems.push(`brandingLogo: Content-Type "${logo.headers['content-type']}"`);
    if (!/^"[0-9a-f]{16}"$/.test(String(logo.headers.etag))) problems.push('brandingLogo: no ETag');
    figure(
      '5. Downloads',
      `[security] downloads: ${calls.length + publicFiles.length} download routes, ${problems.length} problems`,
    );
    expect(problems).toEqual([]);
  });
});
