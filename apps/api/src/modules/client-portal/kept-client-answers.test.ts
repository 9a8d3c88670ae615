import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agency,
  addAccount,
  addFamilyMember,
  addPolicy,
  agencyWithClients,
  saveDocument,
  signedInClient,
} from '../../../test/fixtures/client-portal.ts';
import { pdfOf } from '../../../test/fixtures/pdf-bytes.ts';
import { SERVICE_IDS } from '../../../test/fixtures/services.ts';
import { bearer, createTestApp, onOwnConnection, signInToken, type TestApp } from '../../../test/helpers.ts';
import { multipart } from '../../../test/multipart.ts';
import type { Hearing } from '../../db/client.ts';
import { tablesAnnouncedOn } from '../../db/derived-data.ts';
import {
  claimDocuments,
  claimEvents,
  claims,
  documents,
  insurancePolicies,
  insuredMembers,
  investmentAccounts,
  planFollowUps,
  premiumPayments,
  primaryClients,
  providers,
  reminderSends,
  renewalEvents,
  secondaryClients,
  services,
} from '../../db/schema.ts';
import { announce, CLIENT_AREA_CHANNEL, onClientAreaChange } from '../../db/session-changes.ts';
import { addDays, formatIndianDate, todayInIndia } from '../../lib/dates.ts';
import { AnswerCache } from '../../lib/kept-answers.ts';

// The client area's kept plan answers (issue 8, decision 017): a client's repeat visit is answered from memory,
// and every change to what the answers are made of reaches the cache through the database's announcements
// (migration 0013), so the client never sees an answer older than the data.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const myPlans = async (token: string) => {
  const res = await get(token, '/api/agency-user/client/my-plans');
  expect(res.statusCode).toBe(200);
  return res;
};
const details = (token: string, id: string) => get(token, `/api/agency-user/client/plans/${id}/details`);

interface Item {
  policy_id?: string;
  account_id?: string;
  plan_name: string;
  provider_name: string;
  holder: string;
  document_available: boolean;
  premium_amount?: string;
}
const plansOf = (body: string) => {
  const answer = JSON.parse(body) as { insurance_plans: Item[]; investment_plans: Item[] };
  return [...answer.insurance_plans, ...answer.investment_plans];
};
const planIn = (body: string, id: string) => plansOf(body).find((p) => (p.policy_id ?? p.account_id) === id);

/**
 * What this process hears announced for `work`, each id once. On PostgreSQL every listening connection of the
 * app's pool hears an announcement, a moment after the writer's commit: waited for, up to 2 s.
 */
async function heardFor(work: () => Promise<unknown>): Promise<string[]> {
  // Late copies of earlier announcements arrive first, unheard.
  if (t.database.engine === 'postgres') await new Promise((r) => setTimeout(r, 100));
  const heard = new Set<string>();
  const stop = onClientAreaChange((id) => heard.add(id));
  try {
    await work();
    for (let i = 0; i < 100 && heard.size === 0; i += 1) await new Promise((r) => setTimeout(r, 20));
  } finally {
    stop();
  }
  return [...heard];
}

const elsewhere = <T>(work: (client: pg.Client) => Promise<T>) => onOwnConnection(t, work);

describe('the kept plan answers', () => {
  let a: Agency;
  let me: Awaited<ReturnType<typeof signedInClient>>;
  let policy: string;
  let account: string;
  let health: string;
  beforeAll(async () => {
    a = await agencyWithClients(t);
    me = await signedInClient(t, a);
    const doc = await saveDocument(
      t,
      a.agency.agencyId,
      'policy_pdf',
      pdfOf('document', 500),
      'application/pdf',
    );
    policy = (
      await addPolicy(t, a, me.primaryClientId, 'life', { planName: 'Jeevan Anand', documentId: doc })
    ).id;
    health = (await addPolicy(t, a, me.primaryClientId, 'health', { planName: 'Optima Secure' })).id;
    account = (await addAccount(t, a, me.primaryClientId, 'mutual_funds', { planName: 'Bluechip SIP' })).id;
  });

  it('answers a repeat visit with the same bytes, and each client only their own plans', async () => {
    const first = await myPlans(me.token);
    const second = await myPlans(me.token);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(
      plansOf(second.body)
        .map((p) => p.plan_name)
        .sort(),
    ).toEqual(['Bluechip SIP', 'Jeevan Anand', 'Optima Secure']);
    const detail = await details(me.token, policy);
    expect(detail.statusCode).toBe(200);
    expect((await details(me.token, policy)).body).toBe(detail.body);

    // A second client of the same agency: their own (empty) plans, and a 404 for the first client's plan.
    const other = await signedInClient(t, a, 'Vikram Rao');
    expect(plansOf((await myPlans(other.token)).body)).toEqual([]);
    expect((await details(other.token, policy)).statusCode).toBe(404);
    expect((await details(me.token, policy)).statusCode).toBe(200);
  });

  it('shows every kind of change at once, whichever table it was written to', async () => {
    const changes: { what: string; write: () => Promise<unknown>; seen: (body: string) => boolean }[] = [
      {
        what: 'a plan edited',
        write: () =>
          t.db
            .update(insurancePolicies)
            .set({ planName: 'Jeevan Labh' })
            .where(eq(insurancePolicies.id, policy)),
        seen: (body) => planIn(body, policy)?.plan_name === 'Jeevan Labh',
      },
      {
        what: 'an account edited',
        write: () =>
          t.db
            .update(investmentAccounts)
            .set({ planName: 'Flexicap SIP' })
            .where(eq(investmentAccounts.id, account)),
        seen: (body) => planIn(body, account)?.plan_name === 'Flexicap SIP',
      },
      {
        what: 'a provider renamed',
        write: () =>
          t.db.update(providers).set({ providerName: 'LIC of India' }).where(eq(providers.id, a.prov.life)),
        seen: (body) => planIn(body, policy)?.provider_name === 'LIC of India',
      },
      {
        what: 'a family member made the holder, then renamed',
        write: async () => {
          const spouse = await addFamilyMember(t, a, me.primaryClientId, { firstName: 'Rahul' });
          await t.db
            .update(insurancePolicies)
            .set({ secondaryClientId: spouse })
            .where(eq(insurancePolicies.id, policy));
          await myPlans(me.token);
          await t.db
            .update(secondaryClients)
            .set({ firstName: 'Rohan' })
            .where(eq(secondaryClients.id, spouse));
        },
        seen: (body) => planIn(body, policy)?.holder === 'Rohan Iyer',
      },
      {
        what: "the plan's document removed",
        write: () =>
          t.db
            .update(documents)
            .set({ deletedAt: new Date() })
            .where(sql`${documents.id} = (select document_id from insurance_policies where id = ${policy})`),
        seen: (body) => planIn(body, policy)?.document_available === false,
      },
      {
        what: 'a plan added',
        write: () => addPolicy(t, a, me.primaryClientId, 'motor', { planName: 'Car Shield' }),
        seen: (body) => plansOf(body).some((p) => p.plan_name === 'Car Shield'),
      },
      {
        what: 'a plan removed',
        write: () =>
          t.db
            .update(insurancePolicies)
            .set({ deletedAt: new Date() })
            .where(eq(insurancePolicies.id, health)),
        seen: (body) => planIn(body, health) === undefined,
      },
    ];
    for (const change of changes) {
      await myPlans(me.token);
      await myPlans(me.token);
      await change.write();
      const after = await myPlans(me.token);
      expect(change.seen(after.body), change.what).toBe(true);
    }
    // The removed plan's details, kept before its removal, are gone with it.
    expect((await details(me.token, health)).statusCode).toBe(404);
  });

  it("keeps the dashboard's summary and alerts as true as the plans and family they count", async () => {
    const summary = async () => {
      const res = await get(me.token, '/api/agency-user/client/dashboard/summary');
      expect(res.statusCode).toBe(200);
      return JSON.parse(res.body) as { total_plans: number; total_secondary_clients: number };
    };
    const alerts = async () => {
      const res = await get(me.token, '/api/agency-user/upcoming-alerts');
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    const before = await summary();
    const alertsBefore = await alerts();
    expect(await summary()).toEqual(before);
    expect(await alerts()).toBe(alertsBefore);

    // A plan ending in ten days: one more plan, and an alert naming it.
    await addPolicy(t, a, me.primaryClientId, 'travel', {
      planName: 'Euro Trip Cover',
      endDate: addDays(todayInIndia(), 10),
    });
    expect((await summary()).total_plans).toBe(before.total_plans + 1);
    expect(await alerts()).toContain('Euro Trip Cover');
    await addFamilyMember(t, a, me.primaryClientId, { firstName: 'Meena' });
    expect((await summary()).total_secondary_clients).toBe(before.total_secondary_clients + 1);
  });

  it('makes the answer anew for a hard reload (Cache-Control: no-cache), and keeps that one', async () => {
    // Late copies of earlier announcements (PostgreSQL) arrive first, so none drops the answer kept below.
    if (t.database.engine === 'postgres') await new Promise((r) => setTimeout(r, 100));
    await myPlans(me.token);
    // A change the database does not announce (its trigger off): the kept answer is what a visit gets ...
    await t.db.execute(
      sql`alter table insurance_policies disable trigger insurance_policies_client_area_update`,
    );
    try {
      await t.db
        .update(insurancePolicies)
        .set({ planName: 'Jeevan Tarun' })
        .where(eq(insurancePolicies.id, policy));
    } finally {
      await t.db.execute(
        sql`alter table insurance_policies enable trigger insurance_policies_client_area_update`,
      );
    }
    expect(planIn((await myPlans(me.token)).body, policy)?.plan_name).not.toBe('Jeevan Tarun');
    // ... until a hard reload reads it again; the next visit gets that answer too.
    const reload = await t.app.inject({
      method: 'GET',
      url: '/api/agency-user/client/my-plans',
      headers: { ...bearer(me.token), 'cache-control': 'no-cache' },
    });
    expect(planIn(reload.body, policy)?.plan_name).toBe('Jeevan Tarun');
    expect((await myPlans(me.token)).body).toBe(reload.body);
  });

  it("shows a health policy's insured members as they change", async () => {
    const policyId = (await addPolicy(t, a, me.primaryClientId, 'health', { planName: 'Family Floater' })).id;
    const insured = async () => {
      const res = await details(me.token, policyId);
      expect(res.statusCode).toBe(200);
      const body = JSON.parse(res.body) as {
        subtype_fields: { insured_members?: { insured_member_name: string }[] };
      };
      return (body.subtype_fields.insured_members ?? []).map((m) => m.insured_member_name);
    };
    expect(await insured()).toEqual([]);
    await t.db.insert(insuredMembers).values({
      agencyId: a.agency.agencyId,
      policyId,
      name: 'Asha Iyer',
      relationship: 'Mother',
    });
    expect(await insured()).toEqual(['Asha Iyer']);
  });

  it("announces a provider's change for its own agency only, and a catalogue change for every agency", async () => {
    const heard = await heardFor(() =>
      t.db.update(providers).set({ providerName: 'LIC' }).where(eq(providers.id, a.prov.life)),
    );
    expect(heard).toContain(a.agency.agencyId);
    expect(heard).not.toContain('*');
    const everyone = await heardFor(() =>
      t.db
        .update(services)
        .set({ name: sql`${services.name}` })
        .where(eq(services.id, SERVICE_IDS.life)),
    );
    expect(everyone).toContain('*');
  });

  it('announces a write to each table the answers read, naming its agency', async () => {
    const agencyId = a.agency.agencyId;
    // Rows of its own in every table, so no write below touches nothing (which announces nothing).
    await addFamilyMember(t, a, me.primaryClientId, { firstName: 'Anil' });
    await t.db
      .insert(insuredMembers)
      .values({ agencyId, policyId: policy, name: 'Anil Iyer', relationship: 'Son' });
    await t.db.insert(premiumPayments).values({
      agencyId,
      planType: 'insurance',
      planId: policy,
      primaryClientId: me.primaryClientId,
      dueDate: '2026-04-01',
      lastDueDate: '2026-04-01',
      paidOn: '2026-04-01',
      amount: '1000.00',
      receiptNumber: 'RCPT-1',
    });
    // The work-list's marks, reminders and follow-ups (decision 042).
    await t.db
      .insert(renewalEvents)
      .values({ agencyId, planType: 'insurance', planId: policy, kind: 'contacted' });
    await t.db.insert(planFollowUps).values({
      agencyId,
      planType: 'insurance',
      planId: policy,
      primaryClientId: me.primaryClientId,
      nextDate: '2026-04-01',
      note: 'Call again',
    });
    await t.db.insert(reminderSends).values({
      agencyId,
      dedupeKey: `reminder:${policy}:2026-04-01:7`,
      kind: 'reminder',
      planType: 'insurance',
      planId: policy,
      primaryClientId: me.primaryClientId,
      offsetDays: 7,
      endDate: '2026-04-01',
    });
    // A claim and its intimation (issue 28): the summary counts the client's claims.
    const [claim] = await t.db
      .insert(claims)
      .values({
        agencyId,
        planType: 'insurance',
        planId: policy,
        primaryClientId: me.primaryClientId,
        kind: 'life_death',
        intimatedOn: '2026-04-01',
        statusOn: '2026-04-01',
      })
      .returning({ id: claims.id });
    await t.db.insert(claimEvents).values({
      agencyId,
      claimId: claim!.id,
      primaryClientId: me.primaryClientId,
      toStatus: 'intimated',
      on: '2026-04-01',
    });
    // An item of its checklist received (decision 045): the client's claim page says what is pending.
    await t.db.insert(claimDocuments).values({
      agencyId,
      claimId: claim!.id,
      primaryClientId: me.primaryClientId,
      item: 'claim_form',
      receivedOn: '2026-04-02',
    });
    const writes = [
      () =>
        t.db.update(primaryClients).set({ city: 'Pune' }).where(eq(primaryClients.id, me.primaryClientId)),
      () =>
        t.db.update(secondaryClients).set({ city: 'Pune' }).where(eq(secondaryClients.agencyId, agencyId)),
      () => t.db.update(insuredMembers).set({ phone: null }).where(eq(insuredMembers.agencyId, agencyId)),
      () =>
        t.db
          .update(documents)
          .set({ mimeType: sql`${documents.mimeType}` })
          .where(eq(documents.agencyId, agencyId)),
      () => t.db.delete(investmentAccounts).where(eq(investmentAccounts.id, account)),
    ];
    // Every table db/derived-data.ts says announces on the channel, a new one too: a write of the agency's rows
    // that changes nothing is announced. (The catalogue, every agency's, announces '*': shown above.) A table
    // with no row of the agency here announces nothing and fails: give it one above.
    for (const table of tablesAnnouncedOn(CLIENT_AREA_CHANNEL).filter((name) => name !== 'services')) {
      const write = () =>
        t.db.execute(
          sql`update ${sql.identifier(table)} set agency_id = agency_id where agency_id = ${agencyId}`,
        );
      expect(await heardFor(write), `a write to ${table}`).toContain(agencyId);
    }
    for (const write of writes) expect(await heardFor(write)).toContain(agencyId);
  });

  it("downloads a plan's PDF as it is now: a replaced document, then none once the plan is removed", async () => {
    const doc1 = await saveDocument(
      t,
      a.agency.agencyId,
      'policy_pdf',
      pdfOf('document', 600),
      'application/pdf',
    );
    const plan = (await addPolicy(t, a, me.primaryClientId, 'motor', { documentId: doc1 })).id;
    const download = () => get(me.token, `/api/agency-user/policies/${plan}/document`);
    const first = await download();
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.length).toBe(600);
    expect((await download()).rawPayload.length).toBe(600);

    const doc2 = await saveDocument(
      t,
      a.agency.agencyId,
      'policy_pdf',
      pdfOf('document', 900),
      'application/pdf',
    );
    await t.db.update(insurancePolicies).set({ documentId: doc2 }).where(eq(insurancePolicies.id, plan));
    const replaced = await download();
    expect(replaced.statusCode).toBe(200);
    expect(replaced.rawPayload.length).toBe(900);

    await t.db.update(insurancePolicies).set({ deletedAt: new Date() }).where(eq(insurancePolicies.id, plan));
    expect((await download()).statusCode).toBe(404);
  });

  it('shows a change written by another connection as soon as its announcement arrives (PostgreSQL)', async () => {
    if (t.database.engine !== 'postgres') return;
    await myPlans(me.token);
    await elsewhere((c) =>
      c.query(`update insurance_policies set plan_name = 'Jeevan Umang' where id = $1`, [policy]),
    );
    let seen = false;
    for (let i = 0; i < 50 && !seen; i += 1) {
      seen = planIn((await myPlans(me.token)).body, policy)?.plan_name === 'Jeevan Umang';
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen).toBe(true);
  });
});

describe('the answer cache itself', () => {
  function hearing(now = true) {
    const listeners = new Set<() => void>();
    const h = {
      on: now,
      now: () => h.on,
      subscribe: (l: () => void) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
      set(on: boolean) {
        h.on = on;
        for (const l of listeners) l();
      },
    };
    return h satisfies Hearing & { set(on: boolean): void };
  }
  const A = '11111111-1111-4111-8111-111111111111';
  const B = '22222222-2222-4222-8222-222222222222';

  it('keeps per agency and day, and drops an agency, everything, or what raced a change', () => {
    const h = hearing();
    const cache = new AnswerCache(h, onClientAreaChange);
    try {
      const put = (agency: string, key: string, day = '2026-11-22') =>
        cache.put(agency, day, key, `"${key}"`, cache.begin());
      put(A, 'a');
      put(B, 'b');
      expect(cache.get(A, '2026-11-22', 'a')).toBe('"a"');
      expect(cache.get(A, '2026-11-23', 'a')).toBeUndefined();

      announce(CLIENT_AREA_CHANNEL, A);
      expect(cache.get(A, '2026-11-22', 'a')).toBeUndefined();
      expect(cache.get(B, '2026-11-22', 'b')).toBe('"b"');

      announce(CLIENT_AREA_CHANNEL, '*');
      expect(cache.get(B, '2026-11-22', 'b')).toBeUndefined();

      // Made while a change was announced: not kept.
      const generation = cache.begin();
      announce(CLIENT_AREA_CHANNEL, B);
      cache.put(A, '2026-11-22', 'a', '"a"', generation);
      expect(cache.get(A, '2026-11-22', 'a')).toBeUndefined();

      // A new day starts over.
      put(A, 'a');
      put(A, 'a2', '2026-11-23');
      expect(cache.get(A, '2026-11-22', 'a')).toBeUndefined();
      expect(cache.get(A, '2026-11-23', 'a2')).toBe('"a2"');
    } finally {
      cache.close();
    }
  });

  it('makes an answer once for the calls that ask while it is made, and anew for a call after a change', async () => {
    const cache = new AnswerCache(hearing(), onClientAreaChange);
    try {
      let made = 0;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const make = async () => {
        made += 1;
        const n = made;
        await gate;
        return `"${n}"`;
      };
      const day = '2026-11-22';
      const one = cache.sharedMaking(A, day, 'a', make);
      const two = cache.sharedMaking(A, day, 'a', make);
      const otherKey = cache.sharedMaking(A, day, 'b', make);
      announce(CLIENT_AREA_CHANNEL, A);
      const afterChange = cache.sharedMaking(A, day, 'a', make);
      release();
      expect([await one, await two, await otherKey, await afterChange]).toEqual(['"1"', '"1"', '"2"', '"3"']);
      // Done: the next call makes it again (keeping it is `put`'s business).
      expect(await cache.sharedMaking(A, day, 'a', make)).toBe('"4"');
    } finally {
      cache.close();
    }
  });

  it('keeps nothing while this process does not hear the announcements', () => {
    const h = hearing();
    const cache = new AnswerCache(h, onClientAreaChange);
    try {
      cache.put(A, '2026-11-22', 'a', '"a"', cache.begin());
      h.set(false);
      expect(cache.get(A, '2026-11-22', 'a')).toBeUndefined();
      cache.put(A, '2026-11-22', 'a', '"a"', cache.begin());
      h.set(true);
      expect(cache.get(A, '2026-11-22', 'a')).toBeUndefined();
    } finally {
      cache.close();
    }
  });
});

describe("the client's premium alert (decision 040)", () => {
  it('moves on the next call after "Mark premium paid", though the alerts are kept', async () => {
    const a = await agencyWithClients(t);
    const me = await signedInClient(t, a, 'Kavya Menon');
    const today = todayInIndia();
    const due = addDays(today, 10);
    // A yearly premium due in 10 days (its schedule's day: a year before the due date).
    const policy = await addPolicy(t, a, me.primaryClientId, 'life', {
      planName: 'Jeevan Umang',
      startDate: `${Number(due.slice(0, 4)) - 1}${due.slice(4)}`,
      endDate: `${Number(due.slice(0, 4)) + 20}${due.slice(4)}`,
      nomineeFullName: 'Ravi Menon',
      subtypeFields: { mode: 'Yearly', ppt: 15 },
      nextDueDate: due,
    });
    const alerts = async () => {
      const res = await get(me.token, '/api/agency-user/upcoming-alerts');
      expect(res.statusCode).toBe(200);
      return res;
    };
    const first = await alerts();
    const hints = (body: string) =>
      (JSON.parse(body) as { alerts: { alert_id: string; action_hint: string }[] }).alerts
        .filter((x) => x.alert_id === `premium:${policy.id}`)
        .map((x) => x.action_hint);
    expect(hints(first.body)).toEqual([`Premium due on ${formatIndianDate(due)}`]);
    // Kept: the same bytes again.
    expect((await alerts()).body).toBe(first.body);

    const owner = await signInToken(t.app, {
      email: a.agency.email,
      password: a.agency.password,
      host: a.agency.host,
    });
    const body = multipart([
      { name: 'paid_on', value: today },
      { name: 'amount', value: '1000.00' },
      { name: 'receipt_number', value: 'LIC-778' },
    ]);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/plans/${policy.id}/premiums`,
      headers: { ...bearer(owner), ...body.headers },
      payload: body.payload,
    });
    expect(paid.statusCode).toBe(200);
    // The next due date is a year ahead, beyond the alerts' 60 days: the alert is gone at once.
    expect(hints((await alerts()).body)).toEqual([]);
  });
});
