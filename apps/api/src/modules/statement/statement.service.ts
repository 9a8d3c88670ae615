import type { Readable } from 'node:stream';
import { messageDate, messageRupees, planStatus, premiumDuesOf, serviceLabel } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../lib/audit.ts';
import { maskLast4 } from '../../lib/crypto.ts';
import { todayInIndia } from '../../lib/dates.ts';
import type { DocumentStore } from '../../lib/documents.ts';
import { AppError } from '../../lib/errors.ts';
import { fullName } from '../../lib/names.ts';
import { createPdf } from '../../lib/pdf.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import { NOT_FOUND_MESSAGE, workspaceOf } from '../../lib/workspace.ts';
import { displayName } from '../client-portal/client-plans.service.ts';
import type { PlanRow } from '../client-portal/client-portal.repository.ts';
import { addressLine } from '../client-portal/client-portal.service.ts';
import { ownClient } from '../client-portal/own-client.ts';
import * as repo from './statement.repository.ts';

// The family portfolio statement (issue 29 item 2, decision 047): one household's plans, grouped by member (the
// primary client, then the family members), with a nominee check and the agency's contact, as an A4 PDF streamed
// to the owner, an agency admin, the client's agent, or the client themselves. Identity numbers show their last 4
// characters only; every download is audited as `document.download`, kind `portfolio_statement`.

export interface StatementDeps {
  db: Db;
  documents: DocumentStore;
  /** India's calendar date; tests pass their own. */
  today?: () => string;
}

export interface StatementPlan {
  id: string;
  name: string;
  service: string;
  status: string;
  provider: string;
  number: string;
  /** "₹12,000.00 Yearly", or null without an amount. */
  money: string | null;
  sumAssured: string | null;
  nextDue: string | null;
  maturity: string | null;
  /** "Sunita Devi (Wife)", or null without a nominee. */
  nominee: string | null;
  insured: string[];
}

export interface StatementMember {
  name: string;
  /** "Self" for the primary client. */
  relationship: string;
  removed: boolean;
  /** "PAN ••••234F · Aadhaar ••••9012", or null when none is recorded. */
  identity: string | null;
  plans: StatementPlan[];
}

export interface NomineeFinding {
  member: string;
  plan: string;
  number: string;
  finding: string;
}

export interface Statement {
  clientName: string;
  date: string;
  members: StatementMember[];
  nomineeFindings: NomineeFinding[];
  agency: { name: string; contact: string[] };
  planCount: number;
}

type Member = Awaited<ReturnType<typeof repo.listMembers>>[number];
type Client = NonNullable<Awaited<ReturnType<typeof repo.findHouseholdClient>>>;
type Agency = NonNullable<Awaited<ReturnType<typeof repo.findAgencyContact>>>;

const TITLES = /^(mr|mrs|ms|miss|dr|shri|sri|smt|kumari|km|late)\.?\s+/;

/** A name as compared by the nominee check: lower case, no dots or titles, single spaces. */
export function nameKey(name: string): string {
  let key = name.normalize('NFC').toLowerCase().replace(/[.,]/g, ' ').replace(/\s+/g, ' ').trim();
  while (TITLES.test(key)) key = key.replace(TITLES, '');
  return key;
}

function identityLine(p: { panLast4: string | null; aadhaarLast4: string | null }): string | null {
  const parts = [
    p.panLast4 ? `PAN ${maskLast4(p.panLast4)}` : null,
    p.aadhaarLast4 ? `Aadhaar ${maskLast4(p.aadhaarLast4)}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}

const day = (date: string | null) => (date ? messageDate(date, 'en') : null);

function statementPlan(row: PlanRow, kind: 'insurance' | 'investment', insured: string[], today: string) {
  const serviceCode = row.serviceCode.toLowerCase();
  const dues = premiumDuesOf(
    {
      category: kind,
      serviceCode,
      startDate: row.plan.startDate ?? row.plan.endDate ?? today,
      endDate: row.plan.endDate,
      subtypeFields: row.plan.subtypeFields ?? {},
      nextDueDate: row.plan.nextDueDate,
      money: row.money,
    },
    today,
  );
  const nominee = row.plan.nomineeFullName?.trim() || null;
  const relation = row.plan.nomineeRelation?.trim();
  return {
    id: row.plan.id,
    name: displayName(row),
    service: serviceLabel(serviceCode),
    status: planStatus(row.plan.endDate, row.plan.status, today),
    provider: row.providerName,
    number: row.number,
    // A premium says how often; an investment's one-off amount (a lump sum, a certificate) says nothing more.
    money:
      row.money === null
        ? null
        : kind === 'investment' && dues.premium_mode === 'Single premium'
          ? messageRupees(row.money)
          : `${messageRupees(row.money)} ${dues.premium_mode}`,
    sumAssured: row.sumAssured === null ? null : messageRupees(row.sumAssured),
    nextDue: day(dues.next_due_date),
    maturity: day(row.plan.endDate),
    nominee: nominee ? (relation ? `${nominee} (${relation})` : nominee) : null,
    insured,
  } satisfies StatementPlan;
}

/**
 * The statement of a household from what was read: plans grouped by who holds them (the primary client first,
 * then family members by name, then any removed member still holding a plan), and the nominee check of the Active
 * plans: one without a nominee (as the client's "Nominee missing" alert), or whose nominee is no current member of
 * the household by name (the primary client or a family member not removed; titles, dots and case aside; a
 * nominee named by first name alone matches a member of that first name).
 */
export function buildStatement(input: {
  client: Client;
  members: Member[];
  plans: Awaited<ReturnType<typeof repo.listHouseholdPlans>>;
  insured: Map<string, string[]>;
  agency: Agency;
  today: string;
}): Statement {
  const { client, members, plans, insured, agency, today } = input;
  const clientName = fullName(client.firstName, client.lastName);
  const self: StatementMember = {
    name: clientName,
    relationship: 'Self',
    removed: false,
    identity: identityLine(client),
    plans: [],
  };
  const byMember = new Map<string, StatementMember>();
  for (const m of members) {
    byMember.set(m.id, {
      name: fullName(m.firstName, m.lastName),
      relationship: m.relationship,
      removed: m.removed,
      identity: identityLine(m),
      plans: [],
    });
  }
  const current = [
    { first: client.firstName, full: clientName },
    ...members
      .filter((m) => !m.removed)
      .map((m) => ({ first: m.firstName, full: fullName(m.firstName, m.lastName) })),
  ];
  const fullKeys = new Set(current.map((m) => nameKey(m.full)));
  const firstKeys = new Set(current.map((m) => nameKey(m.first)));
  const removedKeys = new Set(
    members.filter((m) => m.removed).map((m) => nameKey(fullName(m.firstName, m.lastName))),
  );

  const findings: NomineeFinding[] = [];
  const rows = [
    ...plans.insurance.map((row) => ({ row, kind: 'insurance' as const })),
    ...plans.investment.map((row) => ({ row, kind: 'investment' as const })),
  ];
  for (const { row, kind } of rows) {
    const plan = statementPlan(row, kind, insured.get(row.plan.id) ?? [], today);
    const holderId = row.holderFirst !== null ? row.plan.secondaryClientId : null;
    const owner = (holderId && byMember.get(holderId)) || self;
    owner.plans.push(plan);
    const nominee = row.plan.nomineeFullName?.trim();
    const where = { member: owner.name, plan: plan.name, number: plan.number };
    // Only plans in force are checked: an expired or closed plan's nominee no longer matters.
    if (plan.status !== 'Active') continue;
    if (!nominee) findings.push({ ...where, finding: 'No nominee on record' });
    else {
      const key = nameKey(nominee);
      if (!fullKeys.has(key) && !firstKeys.has(key)) {
        findings.push({
          ...where,
          finding: removedKeys.has(key)
            ? `Nominee ${nominee} is no longer a family member`
            : `Nominee ${nominee} is not a current family member`,
        });
      }
    }
  }
  const family = [...byMember.values()].filter((m) => !m.removed || m.plans.length > 0);
  const contact = [
    [agency.phone, agency.email, agency.website]
      .map((p) => p?.trim())
      .filter(Boolean)
      .join(' · '),
    addressLine({
      society: agency.society,
      locality: agency.locality,
      city: agency.city,
      state: agency.stateName,
      pincode: agency.pincode,
    }) ?? '',
    agency.licenseNumber?.trim() ? `Licence ${agency.licenseNumber.trim()}` : '',
  ].filter(Boolean);
  return {
    clientName,
    date: messageDate(today, 'en'),
    members: [self, ...family],
    nomineeFindings: findings,
    agency: { name: agency.name, contact },
    planCount: rows.length,
  };
}

// Money columns wide enough for ₹10,00,000.00 on one line; numbers and names wrap.
const PLAN_COLUMNS = [
  { header: 'Plan', width: 1.9 },
  { header: 'Provider and number', width: 2.1 },
  { header: 'Premium or amount', width: 1.7, align: 'right' as const },
  { header: 'Sum assured', width: 1.8, align: 'right' as const },
  { header: 'Next due', width: 1.1 },
  { header: 'Maturity or end', width: 1.1 },
  { header: 'Nominee', width: 1.4 },
  { header: 'Insured members', width: 1.4 },
];

const DASH = '—';

/** The statement as an A4 PDF stream (the PDF frame: the agency on each page, "Page N of M"). */
export function renderStatement(
  s: Statement,
  options: { logo: Buffer | null; compress?: boolean },
): Readable {
  const pdf = createPdf({
    agencyName: s.agency.name,
    logo: options.logo,
    title: 'Portfolio statement',
    subtitle: `${s.clientName} and family · as on ${s.date}`,
    ...(options.compress === undefined ? {} : { compress: options.compress }),
  });
  const members = s.members.length;
  pdf.paragraph(
    `${s.planCount} ${s.planCount === 1 ? 'plan' : 'plans'} across ${members} ${members === 1 ? 'member' : 'members'} of the household: insurance, mutual funds, NPS and post-office schemes.`,
    { muted: true },
  );
  for (const m of s.members) {
    pdf.heading(`${m.name} · ${m.relationship}${m.removed ? ' (no longer a family member)' : ''}`);
    if (m.identity) pdf.paragraph(m.identity, { muted: true });
    if (m.plans.length === 0) {
      pdf.paragraph('No plans.', { muted: true });
      continue;
    }
    pdf.space(4);
    pdf.table(
      PLAN_COLUMNS,
      m.plans.map((p) => [
        `${p.name}\n${p.service} · ${p.status}`,
        `${p.provider}\n${p.number}`,
        p.money ?? DASH,
        p.sumAssured ?? DASH,
        p.nextDue ?? DASH,
        p.maturity ?? DASH,
        p.nominee ?? 'None',
        p.insured.length > 0 ? p.insured.join(', ') : DASH,
      ]),
    );
  }
  pdf.heading('Nominee check');
  if (s.nomineeFindings.length === 0) {
    pdf.paragraph('Every active plan has a nominee, and every nominee is a current member of the family.');
  } else {
    pdf.paragraph(
      'These plans have no nominee, or a nominee who is not a current member of the family. Ask your agent to update them.',
      { muted: true },
    );
    pdf.space(4);
    pdf.table(
      [
        { header: 'Member', width: 2 },
        { header: 'Plan', width: 2.4 },
        { header: 'Number', width: 1.6 },
        { header: 'Finding', width: 3 },
      ],
      s.nomineeFindings.map((f) => [f.member, f.plan, f.number, f.finding]),
    );
  }
  pdf.heading('Your agency');
  pdf.paragraph(s.agency.name, { bold: true });
  for (const line of s.agency.contact) pdf.paragraph(line);
  return pdf.end();
}

/** The logo's bytes when it is a PNG or JPEG (what pdfkit draws), else null: the name alone. */
async function logoOf(deps: StatementDeps, agencyId: string, agency: Agency): Promise<Buffer | null> {
  if (!agency.logoDocumentId) return null;
  const doc = await deps.documents.read(deps.db, agencyId, agency.logoDocumentId).catch(() => null);
  return doc && (doc.mime === 'image/png' || doc.mime === 'image/jpeg') ? doc.bytes : null;
}

/** "portfolio-statement-Ramesh-Kumar-2026-11-27.pdf" (the exact name, Hindi too, as RFC 5987 UTF-8). */
export function statementFileName(clientName: string, today: string): string {
  const name = clientName.trim().replace(/[\s/\\:*?"<>|]+/g, '-');
  return `portfolio-statement-${name}-${today}.pdf`;
}

async function statementOf(
  deps: StatementDeps,
  agencyId: string,
  primaryClientId: string,
  notFound: () => AppError,
  audit: {
    actorUserId: string;
    actorRole: TokenSubject['roles'][number] | null;
    ip: string;
    headOnly: boolean;
  },
): Promise<{ stream: Readable | null; filename: string }> {
  const today = deps.today?.() ?? todayInIndia();
  const [client, members, plans, agency] = await Promise.all([
    repo.findHouseholdClient(deps.db, agencyId, primaryClientId),
    repo.listMembers(deps.db, agencyId, primaryClientId),
    repo.listHouseholdPlans(deps.db, agencyId, primaryClientId),
    repo.findAgencyContact(deps.db, agencyId),
  ]);
  if (!client || !agency) throw notFound();
  // A HEAD request is answered with the headers alone: nothing written, nothing downloaded to audit.
  if (audit.headOnly)
    return { stream: null, filename: statementFileName(fullName(client.firstName, client.lastName), today) };
  const [insured, logo] = await Promise.all([
    repo.insuredMembersOf(
      deps.db,
      agencyId,
      plans.insurance.map((r) => r.plan.id),
    ),
    logoOf(deps, agencyId, agency),
  ]);
  const statement = buildStatement({ client, members, plans, insured, agency, today });
  // Audited before a byte is sent: who downloaded which household's statement, and what it held.
  await writeAudit(deps.db, {
    actorUserId: audit.actorUserId,
    actorRole: audit.actorRole,
    agencyId,
    action: 'document.download',
    targetType: 'primary_client',
    targetId: primaryClientId,
    clientId: primaryClientId,
    detail: {
      kind: 'portfolio_statement',
      primary_client_id: primaryClientId,
      plans: statement.planCount,
      members: statement.members.length,
      nominee_findings: statement.nomineeFindings.length,
    },
    ip: audit.ip,
  });
  return {
    stream: renderStatement(statement, { logo }),
    filename: statementFileName(statement.clientName, today),
  };
}

/**
 * A household's statement for the workspace: the owner and agency admins any client's of the agency; an agent
 * their own clients' only (the access gate's `owns: 'client'`, before this runs). A removed client, another
 * agency's or none: the same 404.
 */
export function householdStatement(
  deps: StatementDeps,
  subject: TokenSubject,
  primaryClientId: string,
  request: { ip: string; headOnly: boolean },
) {
  const ws = workspaceOf(subject);
  return statementOf(
    deps,
    ws.agencyId,
    primaryClientId,
    () => new AppError('NOT_FOUND', NOT_FOUND_MESSAGE.client),
    {
      actorUserId: ws.userId,
      actorRole: ws.role,
      ...request,
    },
  );
}

/** The signed-in client's own household's statement: nothing in the request names whose. */
export async function ownStatement(
  deps: StatementDeps,
  subject: TokenSubject,
  request: { ip: string; headOnly: boolean },
) {
  const own = await ownClient(deps.db, subject);
  return statementOf(
    deps,
    own.agencyId,
    own.primaryClientId,
    () => new AppError('NOT_FOUND', NOT_FOUND_MESSAGE.client),
    { actorUserId: subject.userId, actorRole: 'AC', ...request },
  );
}
