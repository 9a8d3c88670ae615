import { CLIENT_AREA_CHANNEL, OWNERS_CHANNEL, SESSION_CHANNEL } from './session-changes.ts';

// What the database derives from each table, in one place: which change channel its triggers announce a write on
// (and so which answers kept in the API's memory a write drops), which trigger-kept totals its triggers keep, and
// which of its columns triggers copy onto owner_accounts. The triggers themselves are in the hand-written
// migrations (0005, 0010-0016); derived-data.test.ts reads the database catalogue and fails when this file and
// the triggers disagree, or when a table with agency_id says nothing about the client area's channel.
//
// A new tenant table is declared here: either its writes are announced on CLIENT_AREA_CHANNEL (a migration adds
// its triggers, as 0013 does for each table the client area reads) or it names why no kept answer reads it.

export type Channel = typeof SESSION_CHANNEL | typeof CLIENT_AREA_CHANNEL | typeof OWNERS_CHANNEL;

/** The answers kept in the API's memory, and the channel whose announcements drop them. */
export const KEPT_ANSWERS: Record<Channel, string> = {
  [SESSION_CHANNEL]:
    "every signed-in call's session check: the user's state and a client's own record (auth/session-cache.ts, decision 015)",
  [CLIENT_AREA_CHANNEL]:
    "the client area's dashboard summary (with its claims) and alerts, my plans and plan details (decision 017), the workspace's client list (decision 018) and renewals work-list (decision 042), per agency ('*': every agency)",
  [OWNERS_CHANNEL]: "the admin's owner list, pages and searches (decision 018)",
};

/** The statement kinds a channel's triggers on a table must fire on, so that no write escapes them. */
export const ANNOUNCED_ON: Record<Channel, readonly TriggerEvent[]> = {
  // A new user or client record has no session yet: only a change or a removal ends one.
  [SESSION_CHANNEL]: ['UPDATE', 'DELETE'],
  [CLIENT_AREA_CHANNEL]: ['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE'],
  [OWNERS_CHANNEL]: ['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE'],
};

export type TriggerEvent = 'INSERT' | 'UPDATE' | 'DELETE' | 'TRUNCATE';

/** The tables kept by triggers, with what reads them. */
export const KEPT_TOTALS = {
  platform_counters: "the admin's owner list's total without a search, row 'owners' (migration 0005)",
  agency_client_counts: "the workspace's client and family counts (migrations 0011, 0012; decision 016)",
  agency_plan_totals:
    "the workspace home's active plans and sums per end date, kind, service, provider (decision 016)",
  agency_work_days:
    "the work-list's bucket counts: active plans per work date, kind, service, provider (decision 042)",
} as const;

export type KeptTotal = keyof typeof KEPT_TOTALS;

export interface TableStory {
  /** The channels its triggers announce a write on. */
  announces: readonly Channel[];
  /** The kept totals its triggers write. */
  keeps?: readonly KeptTotal[];
  /** Its columns that triggers copy onto owner_accounts (migrations 0015, 0016): owner_accounts column → this table's. */
  copiesToOwner?: Readonly<Record<string, string>>;
  /** For a table with agency_id that is not announced on CLIENT_AREA_CHANNEL: why no kept answer of an agency reads it. */
  notOnClientArea?: string;
}

/** Every table with agency_id, and every table whose triggers announce, keep a total or copy onto owner_accounts. */
export const DERIVED_DATA: Readonly<Record<string, TableStory>> = {
  // The client area's answers and the workspace's client list are made of these (migration 0013).
  primary_clients: {
    announces: [SESSION_CHANNEL, CLIENT_AREA_CHANNEL],
    keeps: ['agency_client_counts', 'agency_plan_totals', 'agency_work_days'],
  },
  secondary_clients: { announces: [CLIENT_AREA_CHANNEL], keeps: ['agency_client_counts'] },
  insurance_policies: { announces: [CLIENT_AREA_CHANNEL], keeps: ['agency_plan_totals', 'agency_work_days'] },
  investment_accounts: {
    announces: [CLIENT_AREA_CHANNEL],
    keeps: ['agency_plan_totals', 'agency_work_days'],
  },
  insured_members: { announces: [CLIENT_AREA_CHANNEL] },
  // A plan's premiums paid, in the client's plan details (migration 0032). No kept total: the history is read per
  // plan through its index, and the next due date it moves is the plan's own column (decision 038).
  premium_payments: { announces: [CLIENT_AREA_CHANNEL] },
  providers: { announces: [CLIENT_AREA_CHANNEL] },
  // A client's claims (issue 28, migration 0037): the client area's summary counts those of the financial year.
  // No kept total: the count reads the client's claims through their index.
  claims: { announces: [CLIENT_AREA_CHANNEL] },
  claim_events: { announces: [CLIENT_AREA_CHANNEL] },
  // A claim's checklist (decision 045, migration 0038): the client's claim page says which documents are pending.
  claim_documents: { announces: [CLIENT_AREA_CHANNEL] },
  documents: { announces: [CLIENT_AREA_CHANNEL] },
  // The catalogue is every agency's: its writes announce '*'.
  services: { announces: [CLIENT_AREA_CHANNEL] },

  // The admin's owner list and the session check (migrations 0005, 0010, 0014-0016).
  users: {
    announces: [SESSION_CHANNEL, OWNERS_CHANNEL],
    copiesToOwner: { owner_email: 'email', owner_active: 'is_active' },
    notOnClientArea:
      "a client's user row decides their session (announced on portal_sessions); the client area's answers and the client list read the client record, not the user",
  },
  owner_accounts: { announces: [OWNERS_CHANNEL], keeps: ['platform_counters'] },
  agencies: { announces: [OWNERS_CHANNEL], copiesToOwner: { agency_names: 'name' } },

  // Tenant tables no kept answer reads: each is read anew by the call that shows it.
  agency_client_counts: {
    announces: [],
    notOnClientArea:
      'a kept total, written only by the triggers of primary_clients and secondary_clients, whose writes announce',
  },
  agency_plan_totals: {
    announces: [],
    notOnClientArea:
      'a kept total, written only by the triggers of primary_clients and the plan tables, whose writes announce; the workspace home that reads it is not kept',
  },
  agency_work_days: {
    announces: [],
    notOnClientArea:
      'a kept total, written only by the triggers of primary_clients and the plan tables, whose writes announce',
  },
  audit_log: {
    announces: [],
    notOnClientArea: "append-only record of actions; read made anew by the owner's activity log, never kept",
  },
  // The work-list's kept pages show a plan's marks, reminders and follow-ups (migration 0034, decision 042).
  renewal_events: { announces: [CLIENT_AREA_CHANNEL] },
  // Issue 27: a plan's follow-ups and lost mark, and the agency's WhatsApp messages. The lost mark's lapse is a
  // write of the plan table, which announces and keeps the totals; the home's "Lost this month" is counted anew.
  // The work-list's kept pages show a plan's marks, reminders and follow-ups (migration 0034, decision 042).
  plan_follow_ups: { announces: [CLIENT_AREA_CHANNEL] },
  plan_losses: {
    announces: [],
    notOnClientArea:
      "why a plan was lost, read anew by the plan's follow-up card and counted anew by the workspace home, which is not kept",
  },
  whatsapp_templates: {
    announces: [],
    notOnClientArea: "the agency's WhatsApp messages, read anew by the workspace when it writes one",
  },
  // The work-list's kept pages show a plan's marks, reminders and follow-ups (migration 0034, decision 042).
  reminder_sends: { announces: [CLIENT_AREA_CHANNEL] },
  mail_outbox: {
    announces: [],
    notOnClientArea: 'e-mails kept without SMTP, read anew by the outbox screen',
  },
  idempotency_keys: {
    announces: [],
    notOnClientArea: 'stored answers of writes, replayed to a retry of the same write only',
  },
  // The import (issue 26, decision 036). Its jobs and rows change many times a second while a commit runs: an
  // announcement per batch would drop the agency's kept answers for nothing. What the commit writes (clients,
  // members, plans, providers) is announced by those tables' own triggers, and keeps their totals.
  import_jobs: {
    announces: [],
    notOnClientArea:
      "an import's state and progress, read anew by every poll of the import screen and by the runner",
  },
  import_rows: {
    announces: [],
    notOnClientArea: "an import's answer per row, read anew by the import screen's pages and the errors file",
  },
  import_mappings: {
    announces: [],
    notOnClientArea:
      "the agency's remembered column mappings, read anew by each upload and the mapping screen",
  },
};

/** The tables whose writes are announced on `channel`. */
export const tablesAnnouncedOn = (channel: Channel): string[] =>
  Object.entries(DERIVED_DATA)
    .filter(([, story]) => story.announces.includes(channel))
    .map(([table]) => table);

/** What a write to `table` reaches: the kept answers it drops and the kept totals it changes. */
export function dependentsOf(table: string): { answers: string[]; totals: KeptTotal[] } {
  const story = DERIVED_DATA[table];
  return {
    answers: (story?.announces ?? []).map((channel) => KEPT_ANSWERS[channel]),
    totals: [...(story?.keeps ?? [])],
  };
}
