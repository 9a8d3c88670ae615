import {
  CLAIM_KIND_LABELS,
  CLAIM_STATUS_LABELS,
  type ClaimKind,
  type ClaimStatus,
  OPEN_CLAIM_STATUSES,
} from '@portal/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  agencies,
  claims,
  insurancePolicies,
  ownerAccounts,
  primaryClients,
  reminderSends,
  users,
} from '../../db/schema.ts';
import { daysBetween, formatIndianDate as formatDay } from '../../lib/dates.ts';
import { escapeHtml } from '../../lib/security-mail.ts';

// Reminders of claims stuck in one status (issue 28 item 4, decision 045): once a claim has stayed in an open
// status longer than its agency's `claim_stale_days`, the reminder job writes one `claim_stale` send for that
// stretch (keyed by the claim, its status and the day it got there), addressed when it is sent to the agent the
// client is assigned to, or to the owner when no active agent is. A step of the claim before the send cancels it.
// Like the rest of the job, these queries work for every agency at once.

const owner = alias(users, 'claim_owner_user');
const agent = alias(users, 'claim_agent_user');

/** The dedupe key of a stretch: one reminder per claim, status and the day it reached it. */
export const staleKey = (claimId: string, status: string, statusOn: string) =>
  `claim-stale:${claimId}:${status}:${statusOn}`;

const claimIdOf = (dedupeKey: string) => dedupeKey.split(':')[1] ?? '';

/**
 * Open claims of live agencies in one status for longer than their agency's setting, without a reminder row
 * for this stretch yet.
 */
export async function staleClaims(db: Db, today: string) {
  return db
    .select({
      agencyId: claims.agencyId,
      claimId: claims.id,
      planId: claims.planId,
      primaryClientId: claims.primaryClientId,
      status: claims.status,
      statusOn: claims.statusOn,
    })
    .from(claims)
    .innerJoin(agencies, eq(agencies.id, claims.agencyId))
    .innerJoin(ownerAccounts, eq(ownerAccounts.id, agencies.ownerId))
    .innerJoin(owner, and(eq(owner.id, ownerAccounts.userId), eq(owner.isActive, true)))
    .where(
      and(
        inArray(claims.status, [...OPEN_CLAIM_STATUSES]),
        sql`${claims.statusOn} < ${today}::date - ${agencies.claimStaleDays}::int`,
        sql`not exists (select 1 from ${reminderSends} s where s.agency_id = ${claims.agencyId} and s.dedupe_key = 'claim-stale:' || ${claims.id} || ':' || ${claims.status} || ':' || ${claims.statusOn})`,
      ),
    )
    .limit(5000);
}

/** What a claim reminder says, and to whom, at the time it is sent; null when the claim is gone. */
async function staleClaimNow(db: Db, agencyId: string, claimId: string) {
  const [row] = await db
    .select({
      status: claims.status,
      statusOn: claims.statusOn,
      kind: claims.kind,
      insurerClaimNumber: claims.insurerClaimNumber,
      intimatedOn: claims.intimatedOn,
      policyNumber: insurancePolicies.policyNumber,
      clientFirst: primaryClients.firstName,
      clientLast: primaryClients.lastName,
      clientDeletedAt: primaryClients.deletedAt,
      agentName: agent.fullName,
      agentEmail: agent.email,
      agentActive: agent.isActive,
      agencyName: agencies.name,
      agencySlug: agencies.slug,
      staleDays: agencies.claimStaleDays,
      ownerName: owner.fullName,
      ownerEmail: owner.email,
      mayEmail: sql<boolean>`(${ownerAccounts.isVerified} and ${owner.isActive})`,
    })
    .from(claims)
    .innerJoin(primaryClients, eq(primaryClients.id, claims.primaryClientId))
    .innerJoin(agencies, eq(agencies.id, claims.agencyId))
    .innerJoin(ownerAccounts, eq(ownerAccounts.id, agencies.ownerId))
    .innerJoin(owner, eq(owner.id, ownerAccounts.userId))
    .leftJoin(
      insurancePolicies,
      and(eq(insurancePolicies.id, claims.planId), isNull(insurancePolicies.deletedAt)),
    )
    .leftJoin(agent, eq(agent.id, primaryClients.assignedAgentId))
    .where(and(eq(claims.agencyId, agencyId), eq(claims.id, claimId)))
    .limit(1);
  return row ?? null;
}

export type StaleOutcome =
  | { status: 'skipped' | 'cancelled'; reason: string }
  | {
      status: 'send';
      to: string;
      agencyName: string;
      subject: string;
      text: string;
      html: string;
    };

export const STALE_REASONS = {
  moved: 'The claim moved on before the reminder went out.',
  removed: 'The claim or its client was removed before the reminder went out.',
  notVerified: 'Held: e-mail goes out only for agencies the platform admin has verified and that are active.',
} as const;

/** The reminder of a `claim_stale` send, checked against the claim as it is now. */
export async function staleClaimMessage(
  db: Db,
  send: { agencyId: string; dedupeKey: string },
  today: string,
  portal: { scheme: string; host: string },
): Promise<StaleOutcome> {
  const c = await staleClaimNow(db, send.agencyId, claimIdOf(send.dedupeKey));
  if (!c || c.clientDeletedAt) return { status: 'cancelled', reason: STALE_REASONS.removed };
  if (staleKey(claimIdOf(send.dedupeKey), c.status, c.statusOn) !== send.dedupeKey) {
    return { status: 'cancelled', reason: STALE_REASONS.moved };
  }
  if (!c.mayEmail) return { status: 'skipped', reason: STALE_REASONS.notVerified };
  const toAgent = Boolean(c.agentEmail && c.agentActive);
  const to = toAgent ? (c.agentEmail as string) : c.ownerEmail;
  const name = toAgent ? (c.agentName ?? '') : c.ownerName;
  const client = [c.clientFirst, c.clientLast].filter(Boolean).join(' ');
  const status = CLAIM_STATUS_LABELS[c.status as ClaimStatus] ?? c.status;
  const kind = CLAIM_KIND_LABELS[c.kind as ClaimKind] ?? c.kind;
  const days = daysBetween(c.statusOn, today);
  const claimNo = c.insurerClaimNumber ? `claim ${c.insurerClaimNumber}` : 'claim';
  const policy = c.policyNumber ? ` on policy ${c.policyNumber}` : '';
  const url = `${portal.scheme}://${c.agencySlug}.${portal.host}/dashboard/claims/${claimIdOf(send.dedupeKey)}`;
  const subject = `Claim waiting: ${client}'s ${kind.toLowerCase()} claim, ${status} for ${days} days`;
  const paragraphs = [
    `Dear ${name || 'colleague'},`,
    `${client}'s ${kind.toLowerCase()} ${claimNo}${policy} has been at “${status}” since ${formatDay(c.statusOn)}: ${days} days, longer than the ${c.staleDays} days ${c.agencyName} allows a claim to wait in one status.`,
    'Please follow it up with the insurer or the client, and record the next step on the claim:',
    url,
  ];
  const footer = `Sent by the portal of ${c.agencyName}. The owner can change how many days a claim may wait on the Claims page.`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:24px">
${paragraphs
  .slice(0, 3)
  .map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`)
  .join('\n')}
<p style="margin:0 0 12px"><a href="${escapeHtml(url)}">Open the claim</a></p>
<p style="margin:16px 0 0;font-size:12px;color:#64748b">${escapeHtml(footer)}</p>
</div></body></html>`;
  return {
    status: 'send',
    to,
    agencyName: c.agencyName,
    subject,
    text: [paragraphs.join('\n\n'), '', footer].join('\n'),
    html,
  };
}
