import { randomUUID } from 'node:crypto';
import {
  INSTALMENTS_PER_YEAR,
  instalmentAmount,
  MAX_REMINDER_DAY,
  type PremiumMode,
  premiumModeOf,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { inScope, PLATFORM_SCOPE } from '../../db/scope.ts';
import { addDays, daysBetween, todayInIndia } from '../../lib/dates.ts';
import { type Mailer, mailError } from '../../lib/mail.ts';
import { fullName } from '../../lib/names.ts';
import { PREMIUM_PAID_REASON } from '../../lib/premium-payments.ts';
import { staleClaimMessage, staleClaims, staleKey } from '../claims/claim-reminders.ts';
import { followUpsDue } from './follow-ups.repository.ts';
import * as jobRepo from './reminder-job.repository.ts';
import {
  formatDay,
  type Language,
  renderDigest,
  renderPremiumDue,
  renderReminder,
} from './reminder-messages.ts';
import * as repo from './renewals.repository.ts';

// The reminder job (issue 7, decision 010). Each run:
//   1. plans: writes one row per reminder due today (client e-mails) and per agency digest, keyed
//      uniquely, with INSERT … ON CONFLICT DO NOTHING: any number of runners plan the same rows once;
//   2. claims: takes due rows with FOR UPDATE SKIP LOCKED, marking them `sending` with one more attempt,
//      so each row is handled by one runner; a claim older than the lease (a runner that died) is taken
//      over, which retries rather than drops;
//   3. sends each claimed row and records sent, a retry at a later time (back-off), failed or skipped.
// Everything time-related comes from `now`, so tests drive the calendar.

export interface ReminderJobDeps {
  db: Db;
  mailer: Mailer;
  portalHost: string;
  portalScheme: 'http' | 'https';
  log?: { warn(obj: object, msg: string): void };
}

export interface ReminderJobOptions {
  now?: Date;
  /** Identifies this runner's claims; a new one per run by default. */
  runnerId?: string;
  /** Attempts before a send is marked failed (default 5). */
  maxAttempts?: number;
  /** The first retry waits this long, each next one four times longer (default 1 minute). */
  backoffMs?: number;
  /** A `sending` claim older than this belongs to a runner that died; it is taken over (default 10 min). */
  leaseMs?: number;
  /** No e-mail goes out before this hour of India's day (default 8). */
  fromHour?: number;
}

export interface JobReport {
  planned: number;
  sent: number;
  retrying: number;
  failed: number;
  skipped: number;
  cancelled: number;
}

const BATCH = 20;
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

export const REASONS = {
  noEmail: 'The client has no e-mail address on record.',
  optedOut: 'The client turned e-mail reminders off.',
  noEndDate: 'The policy has no end date, so no reminder can be timed. Add its end date to the plan.',
  removed: 'The plan or its client was removed before the reminder went out.',
  renewed: 'The plan was renewed before this reminder went out.',
  notActive: 'The plan was marked lapsed or closed before the reminder went out.',
  passed: 'The end date passed before the reminder could be sent.',
  paid: PREMIUM_PAID_REASON,
  duePassed: 'The due date passed before the reminder could be sent.',
  notVerified: 'Held: e-mail goes out only for agencies the platform admin has verified and that are active.',
} as const;

/** The hour of the day in India. */
const hourInIndia = (now: Date) => new Date(now.getTime() + IST_OFFSET_MS).getUTCHours();
/** Midnight at the start of India's day, as an instant. */
const startOfIndianDay = (today: string) => new Date(Date.parse(`${today}T00:00:00Z`) - IST_OFFSET_MS);
const language = (value: string | null): Language => (value === 'hi' ? 'hi' : 'en');
const bareHost = (host: string) => host.replace(/:\d+$/, '');

/** The reminder day a plan is at: the smallest offset not below the days left (so a missed day catches up). */
export function offsetFor(reminderDays: number[], daysLeft: number): number | null {
  if (daysLeft < 0) return null;
  const sorted = [...reminderDays].sort((a, b) => a - b);
  return sorted.find((d) => d >= daysLeft) ?? null;
}

/**
 * The reminder days of a premium-due reminder (decision 040): the agency's, shorter than the time between two
 * instalments (30 days a month), so none comes before the previous instalment was due. As `premiumsDue` in SQL.
 */
export function premiumReminderDays(reminderDays: number[], mode: PremiumMode | string | null): number[] {
  const perYear = INSTALMENTS_PER_YEAR[premiumModeOf(mode)] || 1;
  return reminderDays.filter((d) => d < (30 * 12) / perYear);
}

/** Writes today's rows of work (step 1); exported for the tests of a crash between claim and send. */
export async function planReminders(deps: ReminderJobDeps, today: string, now: Date): Promise<number> {
  const rows: jobRepo.NewSend[] = [];
  const until = addDays(today, MAX_REMINDER_DAY);
  for (const type of ['insurance', 'investment'] as const) {
    for (const p of await jobRepo.plansEnding(deps.db, type, today, until)) {
      if (!p.endDate) continue;
      const offset = offsetFor(p.reminderDays, daysBetween(today, p.endDate));
      if (offset === null) continue;
      const reason = !p.notifyByEmail ? REASONS.optedOut : !p.email ? REASONS.noEmail : null;
      rows.push({
        agencyId: p.agencyId,
        dedupeKey: `reminder:${p.planId}:${p.endDate}:${offset}`,
        kind: 'reminder',
        planType: type,
        planId: p.planId,
        primaryClientId: p.primaryClientId,
        offsetDays: offset,
        endDate: p.endDate,
        recipient: p.email,
        language: language(p.language),
        status: reason ? 'skipped' : 'pending',
        reason,
        nextAttemptAt: reason ? null : now,
      });
    }
  }
  // Premiums due apart from the end date (decision 040): once per due date and reminder day.
  for (const type of ['insurance', 'investment'] as const) {
    for (const p of await jobRepo.premiumsDue(deps.db, type, today, until)) {
      if (!p.nextDueDate) continue;
      const offset = offsetFor(
        premiumReminderDays(p.reminderDays, p.premiumMode),
        daysBetween(today, p.nextDueDate),
      );
      if (offset === null) continue;
      const reason = !p.notifyByEmail ? REASONS.optedOut : !p.email ? REASONS.noEmail : null;
      rows.push({
        agencyId: p.agencyId,
        dedupeKey: `premium-due:${p.planId}:${p.nextDueDate}:${offset}`,
        kind: 'premium_due',
        planType: type,
        planId: p.planId,
        primaryClientId: p.primaryClientId,
        offsetDays: offset,
        endDate: p.nextDueDate,
        recipient: p.email,
        language: language(p.language),
        status: reason ? 'skipped' : 'pending',
        reason,
        nextAttemptAt: reason ? null : now,
      });
    }
  }
  for (const p of await jobRepo.policiesWithoutEndDate(deps.db)) {
    rows.push({
      agencyId: p.agencyId,
      dedupeKey: `no-end-date:${p.planId}`,
      kind: 'reminder',
      planType: 'insurance',
      planId: p.planId,
      primaryClientId: p.primaryClientId,
      recipient: p.email,
      language: language(p.language),
      status: 'skipped',
      reason: REASONS.noEndDate,
    });
  }
  // Claims stuck in one status longer than their agency allows (decision 045): one reminder per stretch.
  for (const c of await staleClaims(deps.db, today)) {
    rows.push({
      agencyId: c.agencyId,
      dedupeKey: staleKey(c.claimId, c.status, c.statusOn),
      kind: 'claim_stale',
      planType: 'insurance',
      planId: c.planId,
      primaryClientId: c.primaryClientId,
      endDate: c.statusOn,
      language: 'en',
      status: 'pending',
      nextAttemptAt: now,
    });
  }
  for (const a of await jobRepo.agenciesForDigest(deps.db, today, new Date(now.getTime() - 7 * 86_400_000))) {
    rows.push({
      agencyId: a.agencyId,
      dedupeKey: `digest:${today}`,
      kind: 'digest',
      recipient: a.email,
      language: 'en',
      status: 'pending',
      nextAttemptAt: now,
    });
  }
  // Stamped with the job's clock, which the digest's "since" windows compare with.
  return jobRepo.insertSends(
    deps.db,
    rows.map((r) => ({ ...r, createdAt: now, updatedAt: now })),
  );
}

type Outcome =
  | { status: 'sent'; response: string; recipient: string; language: Language }
  | { status: 'skipped' | 'cancelled'; reason: string };

async function deliverReminder(
  deps: ReminderJobDeps,
  row: jobRepo.ClaimedSend,
  today: string,
): Promise<Outcome> {
  const p = await jobRepo.reminderPlan(deps.db, row.agencyId, row.planType ?? 'insurance', row.planId ?? '');
  if (!p || p.deletedAt || p.clientDeletedAt) return { status: 'cancelled', reason: REASONS.removed };
  if (p.status !== 'active') return { status: 'cancelled', reason: REASONS.notActive };
  if (p.endDate !== row.endDate || !p.endDate) return { status: 'cancelled', reason: REASONS.renewed };
  if (!p.notifyByEmail) return { status: 'skipped', reason: REASONS.optedOut };
  if (!p.clientEmail) return { status: 'skipped', reason: REASONS.noEmail };
  const daysLeft = daysBetween(today, p.endDate);
  if (daysLeft < 0) return { status: 'cancelled', reason: REASONS.passed };
  const agency = await jobRepo.agencyContact(deps.db, row.agencyId);
  if (!agency) return { status: 'cancelled', reason: REASONS.removed };
  // An unverified agency could otherwise mail its own words to any address it typed in.
  if (!agency.mayEmail) return { status: 'skipped', reason: REASONS.notVerified };
  const lang = language(p.language);
  const holderName = p.holderFirst ? fullName(p.holderFirst, p.holderLast) : null;
  const message = renderReminder({
    language: lang,
    clientName: fullName(p.clientFirst, p.clientLast),
    holderName,
    planType: row.planType ?? 'insurance',
    planNumber: p.planNumber,
    serviceName: p.serviceName,
    providerName: p.providerName,
    endDate: p.endDate,
    daysLeft,
    amount: p.amount,
    agency,
  });
  const info = await deps.mailer.send({
    agencyId: row.agencyId,
    kind: 'reminder',
    language: lang,
    to: p.clientEmail,
    fromName: agency.name,
    replyTo: agency.email,
    ...message,
    messageId: `<reminder-${row.id}@${bareHost(deps.portalHost)}>`,
  });
  return { status: 'sent', response: info.response, recipient: p.clientEmail, language: lang };
}

/** A client's reminder of a premium (or an RD's instalment) due apart from the end date (decision 040). */
async function deliverPremiumDue(
  deps: ReminderJobDeps,
  row: jobRepo.ClaimedSend,
  today: string,
): Promise<Outcome> {
  const type = row.planType ?? 'insurance';
  const p = await jobRepo.reminderPlan(deps.db, row.agencyId, type, row.planId ?? '');
  if (!p || p.deletedAt || p.clientDeletedAt) return { status: 'cancelled', reason: REASONS.removed };
  if (p.status !== 'active') return { status: 'cancelled', reason: REASONS.notActive };
  // Paid, or the schedule changed, after it was planned: the row's due date is no longer the next one.
  if (!p.nextDueDate || p.nextDueDate !== row.endDate || p.nextDueDate === p.endDate)
    return { status: 'cancelled', reason: REASONS.paid };
  if (!p.notifyByEmail) return { status: 'skipped', reason: REASONS.optedOut };
  if (!p.clientEmail) return { status: 'skipped', reason: REASONS.noEmail };
  const daysLeft = daysBetween(today, p.nextDueDate);
  if (daysLeft < 0) return { status: 'cancelled', reason: REASONS.duePassed };
  const agency = await jobRepo.agencyContact(deps.db, row.agencyId);
  if (!agency) return { status: 'cancelled', reason: REASONS.removed };
  if (!agency.mayEmail) return { status: 'skipped', reason: REASONS.notVerified };
  const lang = language(p.language);
  const message = renderPremiumDue({
    language: lang,
    clientName: fullName(p.clientFirst, p.clientLast),
    holderName: p.holderFirst ? fullName(p.holderFirst, p.holderLast) : null,
    planType: type,
    planName: p.planName,
    planNumber: p.planNumber,
    serviceName: p.serviceName,
    providerName: p.providerName,
    dueDate: p.nextDueDate,
    daysLeft,
    amount: instalmentAmount({
      category: type,
      serviceCode: p.serviceCode,
      startDate: p.startDate ?? p.nextDueDate,
      endDate: p.endDate,
      subtypeFields: p.subtypeFields as Record<string, unknown>,
      nextDueDate: p.nextDueDate,
      money: p.amount,
    }),
    agency,
  });
  const info = await deps.mailer.send({
    agencyId: row.agencyId,
    kind: 'reminder',
    language: lang,
    to: p.clientEmail,
    fromName: agency.name,
    replyTo: agency.email,
    ...message,
    messageId: `<reminder-${row.id}@${bareHost(deps.portalHost)}>`,
  });
  return { status: 'sent', response: info.response, recipient: p.clientEmail, language: lang };
}

async function deliverClaimStale(
  deps: ReminderJobDeps,
  row: jobRepo.ClaimedSend,
  today: string,
): Promise<Outcome> {
  const m = await staleClaimMessage(deps.db, row, today, {
    scheme: deps.portalScheme,
    host: deps.portalHost,
  });
  if (m.status !== 'send') return m;
  const info = await deps.mailer.send({
    agencyId: row.agencyId,
    kind: 'reminder',
    language: 'en',
    to: m.to,
    fromName: m.agencyName,
    replyTo: null,
    subject: m.subject,
    text: m.text,
    html: m.html,
    messageId: `<claim-${row.id}@${bareHost(deps.portalHost)}>`,
  });
  return { status: 'sent', response: info.response, recipient: m.to, language: 'en' };
}

async function deliverDigest(
  deps: ReminderJobDeps,
  row: jobRepo.ClaimedSend,
  today: string,
  now: Date,
): Promise<Outcome> {
  const agency = await jobRepo.agencyContact(deps.db, row.agencyId);
  if (!agency) return { status: 'cancelled', reason: REASONS.removed };
  if (!agency.mayEmail) return { status: 'skipped', reason: REASONS.notVerified };
  const horizonDays = Math.max(...agency.reminderDays, 1);
  const until = addDays(today, horizonDays);
  const plans = async (range: repo.DateRange) => {
    const out: repo.PlanRow[] = [];
    for (const type of ['insurance', 'investment'] as const) {
      out.push(
        ...(await repo.windowPlans(deps.db, row.agencyId, type, range, 500)).map((r) => ({ ...r, type })),
      );
    }
    return out
      .sort((a, b) => (a.endDate ?? '').localeCompare(b.endDate ?? ''))
      .map((r) => ({
        clientName: fullName(r.clientFirst, r.clientLast),
        holderName: r.holderFirst ? fullName(r.holderFirst, r.holderLast) : null,
        planType: r.type,
        planNumber: r.planNumber,
        providerName: r.providerName,
        endDate: r.endDate ?? today,
        daysLeft: daysBetween(today, r.endDate ?? today),
        amount: r.amount,
      }));
  };
  const [due, overdue, followUps, sentToday, problems] = await Promise.all([
    plans({ from: today, until }),
    plans({ before: today }),
    followUpsDue(deps.db, row.agencyId, today, 500),
    repo.sendsSince(deps.db, row.agencyId, ['sent'], startOfIndianDay(today)),
    repo.sendsSince(deps.db, row.agencyId, ['failed', 'skipped'], new Date(now.getTime() - 86_400_000)),
  ]);
  const message = renderDigest({
    date: today,
    agencyName: agency.name,
    ownerName: agency.ownerName,
    horizonDays,
    due,
    overdue,
    followUps: followUps.map((f) => ({
      clientName: fullName(f.clientFirst, f.clientLast),
      planType: f.planType,
      planNumber: f.planNumber,
      providerName: f.providerName,
      nextDate: f.nextDate,
      daysLate: daysBetween(f.nextDate, today),
      note: f.note,
    })),
    remindedToday: sentToday.length,
    problems: problems.map((p) => ({
      clientName: fullName(p.clientFirst, p.clientLast) || 'A client',
      planNumber: p.planNumber,
      reason: p.reason ?? 'Not sent.',
    })),
    workListUrl: `${deps.portalScheme}://${agency.slug}.${deps.portalHost}/dashboard/renewals`,
  });
  const info = await deps.mailer.send({
    agencyId: row.agencyId,
    kind: 'digest',
    language: 'en',
    to: agency.ownerEmail,
    fromName: agency.name,
    replyTo: null,
    ...message,
    messageId: `<digest-${row.id}@${bareHost(deps.portalHost)}>`,
  });
  return { status: 'sent', response: info.response, recipient: agency.ownerEmail, language: 'en' };
}

/** Runs the job once: plan today's reminders and digests, then send everything due. */
export function runReminderJob(deps: ReminderJobDeps, options: ReminderJobOptions = {}): Promise<JobReport> {
  // The job works for every agency: the platform scope of row-level security (decision 012).
  return inScope(PLATFORM_SCOPE, () => runReminderJobInScope(deps, options));
}

async function runReminderJobInScope(deps: ReminderJobDeps, options: ReminderJobOptions): Promise<JobReport> {
  const now = options.now ?? new Date();
  const runnerId = options.runnerId ?? randomUUID();
  const maxAttempts = options.maxAttempts ?? 5;
  const backoffMs = options.backoffMs ?? 60_000;
  const leaseMs = options.leaseMs ?? 10 * 60_000;
  const today = todayInIndia(now);
  const report: JobReport = { planned: 0, sent: 0, retrying: 0, failed: 0, skipped: 0, cancelled: 0 };

  if (hourInIndia(now) >= (options.fromHour ?? 8)) report.planned = await planReminders(deps, today, now);

  for (let round = 0; round < 500; round += 1) {
    const claimed = await jobRepo.claimDue(deps.db, runnerId, now, new Date(now.getTime() - leaseMs), BATCH);
    if (claimed.length === 0) break;
    for (const row of claimed) {
      const done = (values: Parameters<typeof jobRepo.finish>[3]) =>
        jobRepo.finish(deps.db, row.id, runnerId, { ...values, updatedAt: now });
      try {
        const outcome =
          row.kind === 'digest'
            ? await deliverDigest(deps, row, today, now)
            : row.kind === 'claim_stale'
              ? await deliverClaimStale(deps, row, today)
              : row.kind === 'premium_due'
                ? await deliverPremiumDue(deps, row, today)
                : await deliverReminder(deps, row, today);
        if (outcome.status === 'sent') {
          await done({
            status: 'sent',
            sentAt: now,
            response: outcome.response,
            recipient: outcome.recipient,
            language: outcome.language,
            reason: null,
            nextAttemptAt: null,
          });
          report.sent += 1;
        } else {
          await done({ status: outcome.status, reason: outcome.reason, nextAttemptAt: null });
          report[outcome.status] += 1;
        }
      } catch (err) {
        const e = mailError(err);
        if (e.permanent || row.attempts >= maxAttempts) {
          const tries = `${row.attempts} attempt${row.attempts === 1 ? '' : 's'}`;
          await done({
            status: 'failed',
            reason: `${e.message} (gave up after ${tries})`,
            nextAttemptAt: null,
          });
          report.failed += 1;
        } else {
          const next = new Date(now.getTime() + backoffMs * 4 ** (row.attempts - 1));
          await done({
            status: 'pending',
            reason: `${e.message} (attempt ${row.attempts} of ${maxAttempts}; trying again ${formatDay(todayInIndia(next))})`,
            nextAttemptAt: next,
          });
          report.retrying += 1;
        }
        deps.log?.warn(
          { err: e.message, sendId: row.id, attempts: row.attempts },
          'reminder e-mail not sent',
        );
      }
    }
  }
  return report;
}

export interface ReminderScheduler {
  stop(): Promise<void>;
}

/** Runs the job every `intervalMs` in this process; a run still going when the next is due is not doubled. */
export function startReminderScheduler(
  deps: ReminderJobDeps & {
    log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  },
  intervalMs: number,
): ReminderScheduler {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = runReminderJob(deps)
      .then(() => undefined)
      .catch((err: unknown) => deps.log.error({ err }, 'reminder job failed'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, Math.min(intervalMs, 5_000));
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
