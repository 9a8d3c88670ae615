import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  inet,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// The whole data model (spec §3, decisions §4–§5). Every tenant-owned table carries agency_id and every
// index a screen's query needs starts with it (decisions §6: distributable by agency_id).
// Money is numeric(14,2); plan and birth dates are `date`; timestamps are UTC `timestamptz`.

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const deletedAt = () => timestamp('deleted_at', { withTimezone: true });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
/**
 * The searched trigram indexes (issue 8): GIN's fast update gathers new entries in a pending list that every
 * search reads through, page by page, until a vacuum or 4 MB of them folds it in. 214 pending pages (1,281 rows
 * written after the last fold) made a client's phone search at 100k clients 2.2 times slower. Writes here are one
 * client or owner at a time, so each goes into the index at once.
 */
const SEARCHED_GIN = { fastupdate: false };
/** An AES-256-GCM ciphertext (decisions §5), stored as text `iv.tag.data` in base64url. */
const encrypted = (name: string) => text(name);

/** The spec's three (§6) and the agency's staff (issue 25): agency admin `AA` and agent `AG`. */
export const roleEnum = pgEnum('role', ['ADMIN', 'AO', 'AC', 'AA', 'AG']);
export const serviceCategoryEnum = pgEnum('service_category', ['insurance', 'investment']);
export const planStatusEnum = pgEnum('plan_status', ['active', 'renewed', 'lapsed', 'closed']);
export const documentKindEnum = pgEnum('document_kind', [
  'policy_pdf',
  'investment_pdf',
  'aadhaar',
  'pan',
  'cheque',
  'profile_image',
  'avatar',
  'provider_logo',
  'premium_receipt',
  'claim_document',
]);

/** Every person who signs in: platform admins, agency owners, agency clients with portal access. */
export const users = pgTable(
  'users',
  {
    id: id(),
    role: roleEnum('role').notNull(),
    /** Set for AC accounts and staff (AA, AG): a client or a member of staff belongs to one agency (decisions §2). */
    agencyId: uuid('agency_id').references((): AnyPgColumn => agencies.id),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull(),
    phone: text('phone'),
    isActive: boolean('is_active').notNull().default(true),
    /** Bumped on logout, password change or reset, deactivation; tokens carry it (decisions §3). */
    tokenVersion: integer('token_version').notNull().default(1),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /**
     * The TOTP key (issue 23 item 14, decision 022), encrypted like PAN (lib/crypto.ts). Set when set-up starts;
     * the second factor is on once `totp_enabled_at` is set by a confirmed code.
     */
    totpSecretEnc: text('totp_secret_enc'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The RFC 6238 time step of the last code accepted: a code of that step or older is refused (replay). */
    totpLastStep: integer('totp_last_step'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Owner and admin emails are unique on the platform; client and staff emails per agency, one account per
    // e-mail at an agency's address, since its sign-in asks only the e-mail (decisions §2, issue 25).
    uniqueIndex('users_platform_email_uq').on(t.email).where(sql`${t.role} in ('ADMIN', 'AO')`),
    uniqueIndex('users_agency_email_uq').on(t.agencyId, t.email).where(sql`${t.agencyId} is not null`),
    index('users_email_idx').on(t.email),
  ],
);

/**
 * A user's one-time recovery codes for the second factor (decision 022): only a SHA-256 of each 80-bit code is
 * kept, and a used code keeps its row with `used_at` set. Keyed by the user, no agency: not a tenant table.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** The admin's "clients" (spec §3 Client admin view): an agency owner's account. */
export const ownerAccounts = pgTable(
  'owner_accounts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    clientName: text('client_name').notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    insertedBy: text('inserted_by').notNull().default('SYSTEM'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    newsletterSubscribed: boolean('newsletter_subscribed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The owner's sign-in e-mail, kept by triggers from `users` (migration 0015): what the admin searches. */
    ownerEmail: text('owner_email').notNull().default(''),
    /** The names of the owner's agencies, oldest first, kept by triggers from `agencies` (migration 0015). */
    agencyNames: text('agency_names').notNull().default(''),
    /** The owner's user's active flag, kept by triggers from `users` (migration 0016): the list reads this row alone. */
    ownerActive: boolean('owner_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('owner_accounts_user_uq').on(t.userId),
    // Admin list pages in a stable order, newest first, by keyset (issue 8).
    index('owner_accounts_created_idx').on(t.createdAt, t.id),
    // The admin's owner search at 1M owners (issue 8): name, e-mail, agency names and id, each with its own
    // trigram index on this one table, so a search reads its matches once, here alone (migration 0015).
    // No pending list (migration 0017): a write goes into the index at once, so no search reads through one.
    index('owner_accounts_name_trgm_idx').using('gin', sql`${t.clientName} gin_trgm_ops`).with(SEARCHED_GIN),
    index('owner_accounts_email_trgm_idx').using('gin', sql`${t.ownerEmail} gin_trgm_ops`).with(SEARCHED_GIN),
    index('owner_accounts_agencies_trgm_idx')
      .using('gin', sql`${t.agencyNames} gin_trgm_ops`)
      .with(SEARCHED_GIN),
    index('owner_accounts_id_trgm_idx').using('gin', sql`(${t.id}::text) gin_trgm_ops`).with(SEARCHED_GIN),
  ],
);

export const agencies = pgTable(
  'agencies',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => ownerAccounts.id),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    alternatePhone: text('alternate_phone'),
    locality: text('locality').notNull(),
    society: text('society'),
    city: text('city').notNull(),
    stateName: text('state_name').notNull(),
    countryId: smallint('country_id').notNull().default(1),
    pincode: text('pincode').notNull(),
    website: text('website'),
    yearsInBusiness: smallint('years_in_business'),
    description: text('description'),
    licenseNumber: text('license_number'),
    /** The agency's logo in the document store (issue 4, agency profile). */
    logoDocumentId: uuid('logo_document_id').references((): AnyPgColumn => documents.id),
    /** Next number for readable client codes such as ACME-00042 (decisions §4). */
    nextClientSeq: integer('next_client_seq').notNull().default(1),
    /** Days before expiry at which renewal reminders go out (issue 7). */
    reminderDays: integer('reminder_days').array().notNull().default(sql`'{30,15,7,1}'::integer[]`),
    /** Days a claim may stay in one open status before its agent or the owner is reminded (decision 045). */
    claimStaleDays: smallint('claim_stale_days').notNull().default(7),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('agencies_slug_uq').on(t.slug), index('agencies_owner_idx').on(t.ownerId)],
);

/**
 * Platform-wide counts kept by triggers, so the admin's owner list answers its total at 1M owners without
 * counting them on every page (issue 8). Row 'owners': the number of owner_accounts rows.
 */
export const platformCounters = pgTable('platform_counters', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});

/**
 * How many clients (not removed) each agency has, kept by statement triggers on primary_clients (migration
 * 0011, issue 8): the workspace list's total without counting an agency's 100k clients on every page. `family`
 * (migration 0012) counts the family members not removed whose primary client is not removed either.
 */
export const agencyClientCounts = pgTable('agency_client_counts', {
  agencyId: uuid('agency_id')
    .primaryKey()
    .references(() => agencies.id, { onDelete: 'cascade' }),
  clients: integer('clients').notNull().default(0),
  family: integer('family').notNull().default(0),
});

/**
 * The agency's plans that count as active except for their end date (status 'active', not removed, primary
 * client not removed), summed per end date, kind, service and provider; kept by statement triggers on both
 * plan tables and on primary_clients (migration 0012, issue 8). The workspace home adds up the rows whose end
 * date has not passed instead of reading 300k plans. A plan without an end date is kept under 'infinity'.
 */
export const agencyPlanTotals = pgTable(
  'agency_plan_totals',
  {
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    kind: text('kind').$type<'insurance' | 'investment'>().notNull(),
    serviceId: uuid('service_id').notNull(),
    providerId: uuid('provider_id').notNull(),
    plans: integer('plans').notNull().default(0),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    primaryKey({
      name: 'agency_plan_totals_pk',
      columns: [t.agencyId, t.endDate, t.kind, t.serviceId, t.providerId],
    }),
  ],
);

/**
 * The work-list's bucket counts, kept by triggers (migration 0034, decision 042): per agency, work date, kind,
 * service and provider, the number of plans that are active, not removed, of a client not removed. The buckets
 * (overdue, today … 90 days) add up rows by date, so the passing of days needs no writes.
 */
export const agencyWorkDays = pgTable(
  'agency_work_days',
  {
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    workDate: date('work_date', { mode: 'string' }).notNull(),
    kind: text('kind').$type<'insurance' | 'investment'>().notNull(),
    serviceId: uuid('service_id').notNull(),
    providerId: uuid('provider_id').notNull(),
    plans: integer('plans').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'agency_work_days_pk',
      columns: [t.agencyId, t.workDate, t.kind, t.serviceId, t.providerId],
    }),
  ],
);

/** The fixed catalogue (decisions §4), seeded by migration; ADMIN may add more. */
export const services = pgTable(
  'services',
  {
    id: id(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    category: serviceCategoryEnum('category').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: smallint('sort_order').notNull().default(100),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('services_code_uq').on(t.code)],
);

/** Documents of every kind, stored encrypted outside the table (decisions §5). */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    kind: documentKindEnum('kind').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    originalName: text('original_name'),
    /** Where the encrypted bytes live in the document store. */
    storageKey: text('storage_key').notNull(),
    encryptionIv: text('encryption_iv').notNull(),
    encryptionTag: text('encryption_tag').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index('documents_agency_idx').on(t.agencyId, t.createdAt)],
);

/** An agency's tie-up with a provider company for one service ("Insurance/Investment Company"). */
export const providers = pgTable(
  'providers',
  {
    id: id(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    category: serviceCategoryEnum('category').notNull(),
    providerName: text('provider_name').notNull(),
    agencyCode: text('agency_code'),
    startDate: date('start_date', { mode: 'string' }),
    agentName: text('agent_name'),
    email: text('email'),
    mobileNumber: text('mobile_number'),
    bankName: text('bank_name'),
    bankAccountNumberEnc: encrypted('bank_account_number_enc'),
    bankAccountLast4: text('bank_account_last4'),
    logoDocumentId: uuid('logo_document_id').references(() => documents.id),
    investmentType: text('investment_type'),
    agencyType: text('agency_type'),
    arnNumber: text('arn_number'),
    arnExpiry: date('arn_expiry', { mode: 'string' }),
    euinNumber: text('euin_number'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('providers_agency_category_idx').on(t.agencyId, t.category, t.providerName),
    index('providers_agency_service_idx').on(t.agencyId, t.serviceId),
  ],
);

/**
 * What the agency's client search looks in: name, email, phone and client code, joined by a unit separator
 * (a character nobody types) so a term never matches across two fields, in lower case (migration 0018): the
 * repository's `LIKE lower('%term%')` is then what `ILIKE` was (PostgreSQL's ILIKE lowers both sides on every
 * row it checks) without lowering each matching client's text again, which was 0.5 µs a row: half of a search's
 * cost when 4,000 of 100,000 clients match (issue 8).
 */
export function clientSearchText(t: {
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  email: AnyPgColumn;
  phone: AnyPgColumn;
  clientCode: AnyPgColumn;
}) {
  return sql`lower(${t.firstName} || ' ' || coalesce(${t.lastName}, '') || chr(31) || coalesce(${t.email}, '') || chr(31) || coalesce(${t.phone}, '') || chr(31) || ${t.clientCode})`;
}

/** An agency's customer (decisions §1: primary client), optionally with portal access (an AC user). */
export const primaryClients = pgTable(
  'primary_clients',
  {
    id: id(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    userId: uuid('user_id').references(() => users.id),
    clientCode: text('client_code').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    email: text('email'),
    phone: text('phone'),
    alternatePhone: text('alternate_phone'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    gender: text('gender'),
    nationality: text('nationality').default('Indian'),
    occupation: text('occupation'),
    houseNumber: text('house_number'),
    society: text('society'),
    locality: text('locality'),
    city: text('city'),
    state: text('state'),
    pincode: text('pincode'),
    panEnc: encrypted('pan_enc'),
    panLast4: text('pan_last4'),
    /** Only the last 4 digits are ever stored (decisions §5). */
    aadhaarLast4: text('aadhaar_last4'),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactPhone: text('emergency_contact_phone'),
    avatarDocumentId: uuid('avatar_document_id').references(() => documents.id),
    portalAccess: boolean('portal_access').notNull().default(false),
    notifyByEmail: boolean('notify_by_email').notNull().default(true),
    preferredLanguage: text('preferred_language').notNull().default('en'),
    createdBy: uuid('created_by').references(() => users.id),
    /** The agent (AG) who works this client, if any (issue 25): an agent sees only the clients assigned to them. */
    assignedAgentId: uuid('assigned_agent_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Removed clients are hidden and kept for the retention period (issue 5). */
    deletedAt: deletedAt(),
    /**
     * What the client search reads (clientSearchText), kept by PostgreSQL. A plain column rather than an index
     * on the expression: under row-level security only a condition made of leakproof functions may be
     * answered from an index before the tenant policy runs, and `||` is not one (migration 0009; LIKE is marked
     * leakproof by migration 0018 as ILIKE was by 0009).
     */
    searchText: text('search_text').generatedAlwaysAs((): SQL => clientSearchText(primaryClients)),
  },
  (t) => [
    uniqueIndex('primary_clients_code_uq').on(t.agencyId, t.clientCode),
    uniqueIndex('primary_clients_user_uq').on(t.userId),
    index('primary_clients_agency_created_idx').on(t.agencyId, t.createdAt, t.id),
    // An agent's own clients, paged like the whole book (issue 25).
    index('primary_clients_agent_created_idx').on(t.agencyId, t.assignedAgentId, t.createdAt, t.id),
    index('primary_clients_agency_name_idx').on(t.agencyId, t.firstName, t.lastName),
    index('primary_clients_agency_email_idx').on(t.agencyId, t.email),
    index('primary_clients_agency_phone_idx').on(t.agencyId, t.phone),
    // Client search stays fast at 100k clients (issue 5): one pg_trgm GIN index on the searched text, with no
    // pending list (migration 0017).
    index('primary_clients_search_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with(SEARCHED_GIN),
  ],
);

/** A primary client's family member (spec §3 secondary client and its detail). */
export const secondaryClients = pgTable(
  'secondary_clients',
  {
    id: id(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    primaryClientId: uuid('primary_client_id')
      .notNull()
      .references(() => primaryClients.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    email: text('email'),
    phone: text('phone'),
    alternatePhone: text('alternate_phone'),
    relationship: text('relationship').notNull(),
    relationType: text('relation_type'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    gender: text('gender'),
    houseNumber: text('house_number'),
    society: text('society'),
    locality: text('locality'),
    city: text('city'),
    state: text('state'),
    pincode: text('pincode'),
    heightCm: numeric('height_cm', { precision: 5, scale: 1 }),
    weightKg: numeric('weight_kg', { precision: 5, scale: 1 }),
    medicalConditions: text('medical_conditions'),
    aadhaarLast4: text('aadhaar_last4'),
    panEnc: encrypted('pan_enc'),
    panLast4: text('pan_last4'),
    cifEnc: encrypted('cif_enc'),
    cifLast4: text('cif_last4'),
    accountNumberEnc: encrypted('account_number_enc'),
    accountNumberLast4: text('account_number_last4'),
    ifscCode: text('ifsc_code'),
    aadhaarDocumentId: uuid('aadhaar_document_id').references(() => documents.id),
    panDocumentId: uuid('pan_document_id').references(() => documents.id),
    chequeDocumentId: uuid('cheque_document_id').references(() => documents.id),
    profileImageDocumentId: uuid('profile_image_document_id').references(() => documents.id),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
    /**
     * What the workspace's client search reads of a family member: the name, in lower case (as the client's own
     * search text, clientSearchText; a column, not an index on the expression, for the same reason).
     */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(${secondaryClients.firstName} || ' ' || coalesce(${secondaryClients.lastName}, ''))`,
    ),
  },
  (t) => [
    index('secondary_clients_primary_idx').on(t.agencyId, t.primaryClientId),
    // The workspace's client search finds a primary client by a family member's name (issue 24 item 11).
    index('secondary_clients_search_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with(SEARCHED_GIN),
  ],
);

// Columns shared by the two plan tables: holder, provider, dates, per-service fields, nominee, document.
const planColumns = () => ({
  id: id(),
  agencyId: uuid('agency_id')
    .notNull()
    .references(() => agencies.id),
  primaryClientId: uuid('primary_client_id')
    .notNull()
    .references(() => primaryClients.id),
  /** Set when the plan is held by a family member of the primary client. */
  secondaryClientId: uuid('secondary_client_id').references(() => secondaryClients.id),
  providerId: uuid('provider_id')
    .notNull()
    .references(() => providers.id),
  serviceId: uuid('service_id')
    .notNull()
    .references(() => services.id),
  planName: text('plan_name'),
  startDate: date('start_date', { mode: 'string' }),
  endDate: date('end_date', { mode: 'string' }),
  /** The per-service fields of spec §3 (life: sum_assured, plan_name, mode, term, ppt; …). */
  subtypeFields: jsonb('subtype_fields').$type<Record<string, unknown>>().notNull().default({}),
  nomineeFullName: text('nominee_full_name'),
  nomineeRelation: text('nominee_relation'),
  nomineeDob: date('nominee_dob', { mode: 'string' }),
  nomineePhone: text('nominee_phone'),
  nomineeEmail: text('nominee_email'),
  documentId: uuid('document_id').references(() => documents.id),
  status: planStatusEnum('status').notNull().default('active'),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: deletedAt(),
  /**
   * Premium dues (issue 27, decision 038), kept by a trigger from the service and subtype fields (migration 0032):
   * the mode (one of PREMIUM_MODES: life's own `mode`, other insurance Yearly, an RD or a SIP Monthly), the
   * premium-paying term in years where one applies, and the first unpaid instalment's due date (null: none left
   * or none recurs), which "Mark premium paid" moves on.
   */
  premiumMode: text('premium_mode').notNull().default('Yearly'),
  premiumTermYears: smallint('premium_term_years'),
  nextDueDate: date('next_due_date', { mode: 'string' }),
  /**
   * The open follow-up's next date (issue 27 item 4, decision 042): set by a follow-up, cleared by a contact on or
   * after it, a payment, a renewal or a lapse.
   */
  followUpDate: date('follow_up_date', { mode: 'string' }),
  /**
   * Where the plan sits on the work-list (decision 042): the soonest of its next premium due, its end date and its
   * open follow-up. Kept by PostgreSQL, after the premium schedule's trigger has written the next due date.
   */
  workDate: date('work_date', { mode: 'string' }).generatedAlwaysAs(
    sql`least("next_due_date", "end_date", "follow_up_date")`,
  ),
});

export const insurancePolicies = pgTable(
  'insurance_policies',
  {
    ...planColumns(),
    policyNumber: text('policy_number').notNull(),
    premiumAmount: money('premium_amount'),
    sumAssured: money('sum_assured'),
    /** The policy number in lower case: what the workspace's client search reads of a policy (issue 24 item 11). */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL => sql`lower(${insurancePolicies.policyNumber})`,
    ),
  },
  (t) => [
    index('insurance_policies_client_idx').on(t.agencyId, t.primaryClientId),
    index('insurance_policies_search_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with(SEARCHED_GIN),
    index('insurance_policies_secondary_idx').on(t.agencyId, t.secondaryClientId),
    index('insurance_policies_end_idx').on(t.agencyId, t.endDate),
    index('insurance_policies_provider_idx').on(t.agencyId, t.providerId),
    index('insurance_policies_number_idx').on(t.agencyId, t.policyNumber),
    index('insurance_policies_next_due_idx').on(t.agencyId, t.nextDueDate),
    // The premium register (issue 29, decision 046): a period's first unpaid premiums by keyset in (due, id) order.
    index('insurance_policies_due_page_idx')
      .on(t.agencyId, t.nextDueDate, t.id)
      .where(sql`status = 'active' and deleted_at is null and next_due_date is not null`),
    index('insurance_policies_work_idx')
      .on(t.agencyId, t.workDate, t.id)
      .where(sql`status = 'active' and deleted_at is null and work_date is not null`),
  ],
);

export const investmentAccounts = pgTable(
  'investment_accounts',
  {
    ...planColumns(),
    /** Folio, PRAN or post-office account number, shown as the plan's number. */
    accountNumber: text('account_number').notNull(),
    amount: money('amount'),
    /**
     * What the workspace's client search reads of an investment (issue 24 item 11): its number and the folio, PRAN
     * or account number of its service's fields, in lower case, apart as in clientSearchText.
     */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(${investmentAccounts.accountNumber} || chr(31) || coalesce(${investmentAccounts.subtypeFields} ->> 'folio_number', '') || chr(31) || coalesce(${investmentAccounts.subtypeFields} ->> 'pran', '') || chr(31) || coalesce(${investmentAccounts.subtypeFields} ->> 'account_number', ''))`,
    ),
  },
  (t) => [
    index('investment_accounts_client_idx').on(t.agencyId, t.primaryClientId),
    index('investment_accounts_search_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with(SEARCHED_GIN),
    index('investment_accounts_secondary_idx').on(t.agencyId, t.secondaryClientId),
    index('investment_accounts_end_idx').on(t.agencyId, t.endDate),
    index('investment_accounts_provider_idx').on(t.agencyId, t.providerId),
    index('investment_accounts_next_due_idx').on(t.agencyId, t.nextDueDate),
    // The premium register (issue 29, decision 046): a period's first unpaid premiums by keyset in (due, id) order.
    index('investment_accounts_due_page_idx')
      .on(t.agencyId, t.nextDueDate, t.id)
      .where(sql`status = 'active' and deleted_at is null and next_due_date is not null`),
    index('investment_accounts_work_idx')
      .on(t.agencyId, t.workDate, t.id)
      .where(sql`status = 'active' and deleted_at is null and work_date is not null`),
  ],
);

/** Members covered by a health policy (spec §3 insured member). */
export const insuredMembers = pgTable(
  'insured_members',
  {
    id: id(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => insurancePolicies.id, { onDelete: 'cascade' }),
    secondaryClientId: uuid('secondary_client_id').references(() => secondaryClients.id),
    name: text('insured_member_name').notNull(),
    relationship: text('relationship'),
    dateOfBirth: date('insured_member_dob', { mode: 'string' }),
    phone: text('insured_member_phone_number'),
    createdAt: createdAt(),
  },
  (t) => [index('insured_members_policy_idx').on(t.agencyId, t.policyId)],
);

/** Append-only (a trigger refuses UPDATE and DELETE): who did what to whose data, when. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    actorRole: roleEnum('actor_role'),
    agencyId: uuid('agency_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    ip: inet('ip'),
    /**
     * The primary client the entry concerns, when it concerns one (issue 25 item 4, decision 033): the owner's
     * activity log is filtered by it. No foreign key: the log outlives what it names.
     */
    primaryClientId: uuid('primary_client_id'),
  },
  (t) => [
    // The activity log's pages, newest first by (at, id): the agency's, a person's, a client's (decision 033).
    index('audit_log_agency_at_idx').on(t.agencyId, t.at, t.id),
    index('audit_log_agency_actor_at_idx').on(t.agencyId, t.actorUserId, t.at, t.id),
    index('audit_log_agency_client_at_idx').on(t.agencyId, t.primaryClientId, t.at, t.id),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);

/** Sign-in failure counters, shared by every API process (decisions §3, §6). */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One-time links that let an account holder choose a password (issue 24, decision 025): a forgotten password
 * ('reset', valid one hour) or an invitation to the client portal ('invite'). Only a SHA-256 of the link's
 * secret is kept; a link is spent by the first use, and a newer link of the same purpose replaces older ones.
 * No agency_id: the account decides the agency, and the table is read only by the links' own calls.
 */
export const passwordLinks = pgTable(
  'password_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset', 'invite'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_links_user_idx').on(t.userId, t.purpose)],
);

// Renewals (issue 7, decision 010): what the agency did about a plan's renewal, every reminder e-mail of
// the reminder job, and the outbox that keeps e-mails when no mail server is configured.

export const renewalEventKindEnum = pgEnum('renewal_event_kind', ['contacted', 'renewed', 'lapsed']);
export const reminderSendStatusEnum = pgEnum('reminder_send_status', [
  'pending',
  'sending',
  'sent',
  'failed',
  'skipped',
  'cancelled',
]);

/** Contacted, renewed (with the end date before and after, and the new document) or lapsed. */
export const renewalEvents = pgTable(
  'renewal_events',
  {
    id: id(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    planType: serviceCategoryEnum('plan_type').notNull(),
    /** An insurance policy's or an investment account's id, as plan_type says. */
    planId: uuid('plan_id').notNull(),
    kind: renewalEventKindEnum('kind').notNull(),
    note: text('note'),
    previousEndDate: date('previous_end_date', { mode: 'string' }),
    newEndDate: date('new_end_date', { mode: 'string' }),
    documentId: uuid('document_id').references(() => documents.id),
    /**
     * For `renewed` (decision 041): the term's premium, policy number and insurer before and after the renewal,
     * each pair set only when the renewal changed it; the plan row holds the new ones.
     */
    previousPremium: numeric('previous_premium', { precision: 14, scale: 2 }),
    newPremium: numeric('new_premium', { precision: 14, scale: 2 }),
    previousPolicyNumber: text('previous_policy_number'),
    newPolicyNumber: text('new_policy_number'),
    previousProviderId: uuid('previous_provider_id').references(() => providers.id),
    newProviderId: uuid('new_provider_id').references(() => providers.id),
    /** For `contacted`: call or whatsapp when the portal knows how (issue 27 item 5); null before it asked. */
    channel: text('channel', { enum: ['call', 'whatsapp'] }),
    actorUserId: uuid('actor_user_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('renewal_events_plan_idx').on(t.agencyId, t.planId, t.at)],
);

/**
 * A follow-up on a plan (issue 27 item 4): what was said and the next date to call again. The latest one's date
 * is the plan's next follow-up on the work-list. The plan's client is kept for the agent wall's policy.
 */
export const planFollowUps = pgTable(
  'plan_follow_ups',
  {
    id: id(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    planType: serviceCategoryEnum('plan_type').notNull(),
    planId: uuid('plan_id').notNull(),
    primaryClientId: uuid('primary_client_id')
      .notNull()
      .references(() => primaryClients.id),
    nextDate: date('next_date', { mode: 'string' }).notNull(),
    note: text('note').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plan_follow_ups_plan_idx').on(t.agencyId, t.planId, t.at)],
);

/**
 * Why a plan was lost (issue 27 item 4): one row per plan, written with its lapse (or closure), counted by the
 * workspace home's "Lost this month".
 */
export const planLosses = pgTable(
  'plan_losses',
  {
    id: id(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    planType: serviceCategoryEnum('plan_type').notNull(),
    planId: uuid('plan_id').notNull(),
    primaryClientId: uuid('primary_client_id')
      .notNull()
      .references(() => primaryClients.id),
    reason: text('reason', {
      enum: ['moved_to_another_agent', 'cannot_afford', 'not_interested', 'other'],
    }).notNull(),
    reasonText: text('reason_text'),
    actorUserId: uuid('actor_user_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plan_losses_plan_key').on(t.agencyId, t.planId),
    index('plan_losses_at_idx').on(t.agencyId, t.at),
  ],
);

/** The agency's own WhatsApp messages (issue 27 item 5), one per kind and language; the portal's otherwise. */
export const whatsAppTemplates = pgTable(
  'whatsapp_templates',
  {
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    kind: text('kind', { enum: ['premium_due', 'renewal'] }).notNull(),
    language: text('language', { enum: ['en', 'hi'] }).notNull(),
    text: text('text').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: 'whatsapp_templates_pk', columns: [t.agencyId, t.kind, t.language] })],
);

/**
 * A premium (or an investment's instalments) paid (issue 27, decision 038): one payment of one or more
 * instalments, from the due date of the first to that of the last, with its receipt and optionally the receipt's
 * PDF (an encrypted document). The plan's `next_due_date` moves past `last_due_date` in the same transaction.
 */
export const premiumPayments = pgTable(
  'premium_payments',
  {
    id: id(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    planType: serviceCategoryEnum('plan_type').notNull(),
    /** An insurance policy's or an investment account's id, as plan_type says. */
    planId: uuid('plan_id').notNull(),
    /** The plan's client: whom the agent wall (agent_assignment) and the activity log name. */
    primaryClientId: uuid('primary_client_id')
      .notNull()
      .references(() => primaryClients.id),
    /** The due date of the first instalment it pays. */
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** The due date of the last instalment it pays (the first's when it pays one). */
    lastDueDate: date('last_due_date', { mode: 'string' }).notNull(),
    instalments: smallint('instalments').notNull().default(1),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    receiptNumber: text('receipt_number').notNull(),
    receiptDocumentId: uuid('receipt_document_id').references(() => documents.id),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('premium_payments_plan_idx').on(t.agencyId, t.planId, t.dueDate),
    // The premium register (issue 29, decision 046): the payments of a period by keyset, in (paid on, id) order.
    index('premium_payments_paid_idx').on(t.agencyId, t.paidOn, t.id),
  ],
);

/**
 * One e-mail of the reminder job: a client's reminder for one plan, end date and offset, or the owner's
 * daily digest. `dedupe_key` is unique per agency and the row is written before anything is sent, so two
 * processes running the job at once, or a restart, never send the same reminder twice (decision 010).
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    id: id(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    /**
     * reminder:{plan}:{end date}:{offset}, premium-due:{plan}:{due date}:{offset}, no-end-date:{plan} or
     * digest:{date}, or claim-stale:{claim}:{status}:{status day} (decision 045).
     */
    dedupeKey: text('dedupe_key').notNull(),
    /**
     * reminder: before the end date; premium_due: before a premium's due date (decision 040); digest; claim_stale:
     * a claim in one status too long, to its agent or the owner (decision 045).
     */
    kind: text('kind', { enum: ['reminder', 'premium_due', 'digest', 'claim_stale'] }).notNull(),
    planType: serviceCategoryEnum('plan_type'),
    planId: uuid('plan_id'),
    primaryClientId: uuid('primary_client_id').references(() => primaryClients.id),
    offsetDays: smallint('offset_days'),
    /**
     * The date the reminder is for: the plan's end date (a renewal moves it), or for a premium_due row the
     * premium's due date (a payment moves it); either way an old row no longer matches the plan.
     */
    endDate: date('end_date', { mode: 'string' }),
    recipient: text('recipient'),
    language: text('language').notNull().default('en'),
    status: reminderSendStatusEnum('status').notNull().default('pending'),
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** Which job runner holds the row while sending, and since when (a stale claim is taken over). */
    claimedBy: text('claimed_by'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    response: text('response'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reminder_sends_key_uq').on(t.agencyId, t.dedupeKey),
    index('reminder_sends_plan_idx').on(t.agencyId, t.planId),
    // The job looks for due work across every agency: the one index that does not start with agency_id.
    index('reminder_sends_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/** E-mails kept for the owner to read when no SMTP_URL is configured (the embedded default). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    kind: text('kind', { enum: ['reminder', 'digest', 'security'] }).notNull(),
    /** The reminder's fixed Message-ID: a resend after a crash finds the row already there. */
    messageId: text('message_id').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    language: text('language').notNull().default('en'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mail_outbox_message_uq').on(t.agencyId, t.messageId),
    index('mail_outbox_agency_created_idx').on(t.agencyId, t.createdAt, t.id),
  ],
);

/**
 * Idempotency-Key answers (issue 9 item 8): a write sent again with the same key by the same user gets this
 * answer back instead of being done twice. Stored in the write's own transaction where the route allows;
 * kept 24 hours. agency_id is the caller's agency (null for a platform admin).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agencyId: uuid('agency_id').references(() => agencies.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** sha256 of the method, path and body (a multipart body's fields and file bytes). */
    fingerprint: text('fingerprint').notNull(),
    status: smallint('status').notNull(),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_key_uq').on(t.userId, t.key),
    index('idempotency_keys_user_created_idx').on(t.userId, t.createdAt),
  ],
);

// The import of an agency's book from a spreadsheet (issue 26, decision 036): an upload is an import job of the
// agency, worked by the import runner in the background (modules/imports/import-runner.ts); its rows' answers,
// and the agency's remembered column mappings.

/** Bytes as PostgreSQL's bytea: a Buffer on either driver (PGlite answers a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const importStatusEnum = pgEnum('import_status', [
  'checking',
  'checked',
  'queued',
  'running',
  'done',
  'cancelled',
  'failed',
  'undone',
]);

/**
 * An uploaded file and what became of it: its sheets as taken (kind, headers, mapping, sample), the dry run's
 * counts and households, the commit's progress. The file's cells (full PAN and Aadhaar numbers among them) are kept
 * sealed (AES-256-GCM, lib/crypto.ts) only until the job ends; the rows with errors stay sealed apart for the
 * errors file. One job of an agency at a time is checking, queued or running (a partial unique index).
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: id(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    /** The uploader when an agent (issue 25): the import matches their own clients only and assigns its new ones to them. */
    agentId: uuid('agent_id').references(() => users.id),
    fileName: text('file_name').notNull(),
    format: text('format', { enum: ['xlsx', 'csv'] }).notNull(),
    status: importStatusEnum('status').notNull().default('checking'),
    /** ImportSheet[] (the contract's imports.ts) without its `rows` cells. */
    sheets: jsonb('sheets').$type<unknown[]>().notNull(),
    /** The file's rows, sealed; null once the job has ended. */
    cells: bytea('cells'),
    /** The rows with errors, sealed, for the errors file once the cells are gone; cleared a day after the end. */
    errorCells: bytea('error_cells'),
    /** The agent's merges and splits of households. */
    changes: jsonb('changes').$type<{ merges: string[][]; splits: string[] }>().notNull(),
    /** The dry run's households (ImportHousehold[]). */
    households: jsonb('households').$type<unknown[]>().notNull(),
    /** ImportCounts of the dry run, then of the commit. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    committedBy: uuid('committed_by').references(() => users.id),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    failure: text('failure'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    /** Counts the changes of mapping and households: a dry run made for an older one is not kept. */
    revision: integer('revision').notNull().default(0),
    /** Which runner works the job and until when (a lease it renews); a lapsed lease is taken over. */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Claims of the job: one that keeps stopping its runner is failed rather than taken up forever. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('import_jobs_agency_created_idx').on(t.agencyId, t.createdAt, t.id),
    // One import of an agency at a time (issue 26 item 6): a second is refused by this index.
    uniqueIndex('import_jobs_agency_active_uq')
      .on(t.agencyId)
      .where(sql`${t.status} in ('checking', 'queued', 'running')`),
    // The runner looks for work across every agency, as the reminder job does.
    index('import_jobs_work_idx')
      .on(t.status, t.lockedUntil)
      .where(sql`${t.status} in ('checking', 'queued', 'running')`),
  ],
);

/**
 * What the dry run says of each row of the file, in the file's order (`seq`), and after the commit what was done,
 * with the records the row created (for undo).
 */
export const importRows = pgTable(
  'import_rows',
  {
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    jobId: uuid('job_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    sheet: text('sheet').notNull(),
    rowNumber: integer('row_number').notNull(),
    outcome: text('outcome').notNull(),
    matchedBy: text('matched_by'),
    summary: text('summary').notNull(),
    household: text('household'),
    newProvider: text('new_provider'),
    /** ImportRowError[]. */
    errors: jsonb('errors').$type<Array<{ column: string | null; message: string }>>().notNull(),
    /** The records the commit made for this row: clients, members, plans, providers. */
    created: jsonb('created').$type<Record<string, unknown>>(),
  },
  (t) => [
    primaryKey({ name: 'import_rows_pk', columns: [t.agencyId, t.jobId, t.seq] }),
    index('import_rows_household_idx').on(t.agencyId, t.jobId, t.household),
  ],
);

/** The agency's remembered mappings (issue 26 item 2): a header (lower case, trimmed) of a book sheet → a field. */
export const importMappings = pgTable(
  'import_mappings',
  {
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    sheetKind: text('sheet_kind').notNull(),
    header: text('header').notNull(),
    /** Null: the column is left out. */
    field: text('field'),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: 'import_mappings_pk', columns: [t.agencyId, t.sheetKind, t.header] })],
);

/**
 * A claim on an insurance policy (issue 28, decision 043): its kind, where it stands in the workflow (the
 * contract's CLAIM_TRANSITIONS), its amounts and its kind's fields. The plan is named by type and id as premium
 * payments name it; the client is copied from the plan for the agent wall (agent_assignment) and the client's
 * own claims.
 */
export const claims = pgTable(
  'claims',
  {
    id: id(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    /** Always 'insurance' for now: a claim is made on an insurance policy. */
    planType: serviceCategoryEnum('plan_type').notNull(),
    planId: uuid('plan_id').notNull(),
    primaryClientId: uuid('primary_client_id')
      .notNull()
      .references(() => primaryClients.id),
    /** The family member who holds the plan, when one does. */
    secondaryClientId: uuid('secondary_client_id').references(() => secondaryClients.id),
    /** One of the contract's CLAIM_KINDS. */
    kind: text('kind').notNull(),
    /** One of the contract's CLAIM_STATUSES. */
    status: text('status').notNull().default('intimated'),
    /** The day the claim was intimated, and the day of its latest status (India's calendar). */
    intimatedOn: date('intimated_on', { mode: 'string' }).notNull(),
    statusOn: date('status_on', { mode: 'string' }).notNull(),
    insurerClaimNumber: text('insurer_claim_number'),
    claimedAmount: money('claimed_amount'),
    approvedAmount: money('approved_amount'),
    settledAmount: money('settled_amount'),
    deductedAmount: money('deducted_amount'),
    /** [{ reason, amount }] as the approval or settlement recorded them. */
    deductions: jsonb('deductions').$type<Array<{ reason: string; amount: string }>>().notNull().default([]),
    rejectionReason: text('rejection_reason'),
    /** The kind's fields (hospital, TPA, accident date, claimant, incident…), as the contract's ClaimDetailsSchema. */
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The workspace's list, newest first by keyset, and its status tabs.
    index('claims_list_idx').on(t.agencyId, t.createdAt, t.id),
    // Open claims by status and age (days since intimation).
    index('claims_status_idx').on(t.agencyId, t.status, t.intimatedOn),
    index('claims_plan_idx').on(t.agencyId, t.planId, t.createdAt),
    // A client's claims, and those of a financial year (the client's summary).
    index('claims_client_idx').on(t.agencyId, t.primaryClientId, t.intimatedOn),
  ],
);

/** A claim's status history: the intimation (from null) and every step after it, each dated with its note. */
export const claimEvents = pgTable(
  'claim_events',
  {
    id: id(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id),
    /** The claim's client, for the agent wall (agent_assignment). */
    primaryClientId: uuid('primary_client_id')
      .notNull()
      .references(() => primaryClients.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** The day the step happened (India's calendar). */
    on: date('on', { mode: 'string' }).notNull(),
    note: text('note'),
    actorUserId: uuid('actor_user_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('claim_events_claim_idx').on(t.agencyId, t.claimId, t.at)],
);

/**
 * A claim's checklist item that was received (decision 045): the contract's CLAIM_CHECKLISTS name the items of
 * each kind, and an item without a row is pending. The file, when one was uploaded, is in the document store;
 * marking the item pending again deletes the row and hides the document.
 */
export const claimDocuments = pgTable(
  'claim_documents',
  {
    id: id(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id),
    /** The claim's client, for the agent wall (agent_assignment). */
    primaryClientId: uuid('primary_client_id')
      .notNull()
      .references(() => primaryClients.id),
    /** The checklist item's key (the contract's ChecklistItem.item). */
    item: text('item').notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    documentId: uuid('document_id').references(() => documents.id),
    markedBy: uuid('marked_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('claim_documents_item_uq').on(t.agencyId, t.claimId, t.item)],
);
