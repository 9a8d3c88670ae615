import { guessSheetKind, suggestMapping } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyWithClients } from '../../../test/fixtures/client-portal.ts';
import { addPlans, plan, SUBTYPE } from '../../../test/fixtures/plans.ts';
import { AADHAAR, createClient, PAN } from '../../../test/fixtures/primary-clients.ts';
import {
  assignClients,
  bearer,
  createStaff,
  createTestApp,
  registerAgency,
  signInToken,
  type TestApp,
  verifyOwner,
} from '../../../test/helpers.ts';
import { agencyScope, inScope } from '../../db/scope.ts';
import { loadExisting } from './existing.repository.ts';
import {
  type ExistingKeys,
  importKeys,
  type PlanSheet,
  phoneNameKey,
  planImport,
  planKeyOf,
  providerKeyOf,
} from './plan-import.ts';
import { readSpreadsheet } from './read-file.ts';

// Issue 26 items 3, 5 and 7: what an import finds already in the agency, read by the app's own connection in
// the agency's scope, an agent's own clients only; and the book's export read back by the import: into an
// empty agency every row is new, into the same agency every plan is already present.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const OTHER_PAN = 'PQRSX6789K';

async function world() {
  const a = await agencyWithClients(t);
  const owner = await signInToken(t.app, {
    email: a.agency.email,
    password: a.agency.password,
    host: a.agency.host,
  });
  const meera = await createClient(t.app, owner, {
    first_name: 'Meera',
    last_name: 'Iyer',
    pan_number: PAN,
    phone: '+91 98765 01234',
    email: 'meera.import@example.in',
  });
  const ravi = await createClient(t.app, owner, {
    first_name: 'Ravi',
    last_name: 'Sharma',
    pan_number: OTHER_PAN,
    aadhaar_number: AADHAAR,
    phone: '098765-43210',
    email: 'Ravi.Sharma@Example.in',
  });
  const member = await t.app.inject({
    method: 'POST',
    url: '/api/secondary-clients',
    headers: bearer(owner),
    payload: {
      primary_client_id: meera.primary_client_id,
      first_name: 'Kabir',
      last_name: 'Iyer',
      relationship: 'Son',
    },
  });
  expect(member.statusCode, member.body).toBe(201);
  const memberId = member.json<{ data: { secondary_client_id: string } }>().data.secondary_client_id;
  const services = Object.keys(SUBTYPE) as Array<keyof typeof a.prov>;
  const plans = await addPlans(t.app, owner, {
    primary_client_id: meera.primary_client_id,
    plans: services.map((s) => plan(s, a.prov[s], { policy_number: `Book-${s}-1` })),
  });
  expect(plans.statusCode, plans.body).toBe(201);
  const held = await addPlans(t.app, owner, {
    primary_client_id: meera.primary_client_id,
    secondary_client_id: memberId,
    plans: [plan('life', a.prov.life, { policy_number: 'Kabir-Life-1' })],
  });
  expect(held.statusCode, held.body).toBe(201);
  const agent = await createStaff(t, a.agency.agencyId, 'AG');
  await assignClients(t.db, [ravi.primary_client_id], agent.userId);
  return { a, owner, meera, ravi, memberId, agent };
}

const scope = (agentId: string | null = null) => ({ agentId, encryptionKey: t.config.encryptionKey });

function existingOf(agencyId: string, keys: ExistingKeys, agentId: string | null = null) {
  return inScope(agencyScope(agencyId, agentId ?? undefined), () =>
    t.app.services.database.db.transaction((tx) => loadExisting(tx, agencyId, keys, scope(agentId))),
  );
}

describe('loading what the agency already has', () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world();
  });

  it('finds clients by PAN, phone with name and e-mail, their members, providers and numbered plans', async () => {
    const e = await existingOf(w.a.agency.agencyId, {
      pans: [PAN, 'ZZZZZ1234F'],
      phones: ['9876543210', '9876501234'],
      emails: ['ravi.sharma@example.in'],
      numbers: ['book-life-1', 'kabir-life-1', 'nobody-1'],
    });
    const meera = { id: w.meera.primary_client_id, name: 'Meera Iyer' };
    const ravi = { id: w.ravi.primary_client_id, name: 'Ravi Sharma' };
    expect([...e.byPan]).toEqual([[PAN, meera]]);
    expect(e.byPhoneName.get(phoneNameKey('9876543210', 'Ravi Sharma'))).toEqual(ravi);
    expect(e.byPhoneName.get(phoneNameKey('9876501234', 'meera  iyer'))).toEqual(meera);
    expect(e.byEmail.get('ravi.sharma@example.in')).toEqual(ravi);
    expect(e.members.get(w.meera.primary_client_id)).toEqual(new Map([['kabir iyer', w.memberId]]));
    // The fixture's providers are named "LIFE Provider 1a2b" (the agency id's start), read without regard to case.
    const lifeName = `LIFE Provider ${w.a.agency.agencyId.slice(0, 4)}`;
    expect(e.providers.size).toBe(8);
    expect(e.providers.get(providerKeyOf('life', ` ${lifeName.toLowerCase()} `))).toBe(w.a.prov.life);
    expect([...e.plans].sort()).toEqual([
      planKeyOf('life', 'Book-life-1', lifeName),
      planKeyOf('life', 'Kabir-Life-1', lifeName),
    ]);
  });

  it('matches an agent’s own clients only', async () => {
    const keys = { pans: [PAN, OTHER_PAN], phones: [], emails: [], numbers: [] };
    const e = await existingOf(w.a.agency.agencyId, keys, w.agent.userId);
    expect([...e.byPan.values()].map((c) => c.id)).toEqual([w.ravi.primary_client_id]);
  });

  it('finds nothing of another agency', async () => {
    const other = await registerAgency(t.app);
    const e = await existingOf(other.agencyId, {
      pans: [PAN, OTHER_PAN],
      phones: ['9876543210'],
      emails: ['ravi.sharma@example.in'],
      numbers: ['book-life-1'],
    });
    expect([e.byPan.size, e.byPhoneName.size, e.byEmail.size, e.providers.size, e.plans.size]).toEqual([
      0, 0, 0, 0, 0,
    ]);
  });

  describe('the export read back', () => {
    let sheets: PlanSheet[];
    beforeAll(async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/exports/book.xlsx',
        headers: bearer(w.owner),
      });
      expect(res.statusCode, res.body).toBe(200);
      const file = await readSpreadsheet(res.rawPayload, 'book.xlsx');
      sheets = file.sheets.map((sheet) => {
        const kind = guessSheetKind(sheet.name, sheet.headers)!;
        return { sheet, kind, mapping: suggestMapping(kind, sheet.headers) };
      });
      expect(sheets.map((s) => s.kind)).toEqual(['clients', 'family_members', 'plans']);
    });

    it('is all new in an empty agency, without a single error', async () => {
      const empty = await registerAgency(t.app);
      await verifyOwner(t.db, empty.ownerId);
      const existing = await existingOf(empty.agencyId, importKeys(sheets));
      const p = planImport({ sheets, existing, changes: { merges: [], splits: [] } });
      expect(p.rows.filter((r) => r.errors.length > 0)).toEqual([]);
      expect(p.counts).toMatchObject({
        rows: 2 + 1 + 9,
        new_clients: 2,
        new_members: 1,
        new_plans: 9,
        duplicates: 0,
        errors: 0,
        new_providers: 8,
      });
      const meera = p.work.find((h) => h.client.kind === 'new' && h.client.profile.first_name === 'Meera')!;
      expect(meera.members.map((m) => m.name)).toEqual(['Kabir Iyer']);
      expect(meera.plans.find((pl) => pl.plan.policy_number === 'Kabir-Life-1')!.holder).toBe('Kabir Iyer');
      const health = meera.plans.find((pl) => pl.plan.service_code === 'health')!.plan;
      expect(health.subtype_fields.insured_members).toEqual([
        {
          insured_member_name: 'Meera Iyer',
          relationship: 'self',
          insured_member_dob: '1984-06-12',
          insured_member_phone_number: '9876501234',
        },
        {
          insured_member_name: 'Kabir Iyer',
          relationship: 'son',
          insured_member_dob: '2012-03-04',
          insured_member_phone_number: null,
        },
      ]);
    });

    it('is already present in the same agency', async () => {
      const existing = await existingOf(w.a.agency.agencyId, importKeys(sheets));
      const p = planImport({ sheets, existing, changes: { merges: [], splits: [] } });
      expect(p.rows.filter((r) => r.errors.length > 0)).toEqual([]);
      expect(p.counts).toMatchObject({
        new_clients: 0,
        matched_clients: 2,
        new_members: 0,
        new_plans: 0,
        duplicates: 10,
      });
      expect(p.rows.filter((r) => r.sheet === 'Clients').map((r) => r.matched_by)).toEqual([
        'phone_and_name',
        'phone_and_name',
      ]);
      expect(p.work).toEqual([]);
    });
  });
});
