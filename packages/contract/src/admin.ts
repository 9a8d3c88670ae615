import { z } from 'zod';
import { passwordSchema } from './auth.ts';
import { DEFAULT_PAGE_SIZE } from './constants.ts';

// The platform admin's calls (spec §3 Client admin view, Dashboard stats, Client agency; §7 /clients).
// The admin's "clients" are agency owner accounts (decisions §1).

export const MAX_PAGE_SIZE = 100;

const offsetMessage = 'Offset must be a whole number of 0 or more.';
const limitMessage = `Limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.`;

/** Query strings arrive as text; a blank value is absent. */
function queryInt(message: string, min: number, max: number, fallback: number) {
  return z.preprocess(
    (v) =>
      v === undefined || v === ''
        ? undefined
        : typeof v === 'string' && /^-?\d+$/.test(v.trim())
          ? Number(v)
          : v,
    z
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: message })
      .max(max, { error: message })
      .optional()
      .default(fallback),
  );
}

export const PageQuerySchema = z.object({
  offset: queryInt(offsetMessage, 0, Number.MAX_SAFE_INTEGER, 0),
  limit: queryInt(limitMessage, 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
});

/**
 * A place in a list ordered newest first (issue 8, keyset pagination: the admin's owners, the workspace's
 * clients): the created_at of a row in microseconds since 1970 and its id. Opaque to callers: they send back
 * what `next_cursor` or `prev_cursor` gave them.
 */
export const PAGE_CURSOR = /^\d{1,17}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const cursorMessage = 'Cursor must be a next_cursor or prev_cursor of an earlier page.';
const cursor = z
  .string({ error: cursorMessage })
  .trim()
  .regex(PAGE_CURSOR, { error: cursorMessage })
  .optional();

/** A list's page by number (`offset`) or by cursor either way, with an optional search. */
/** The fields of a cursor page query, unrefined, for lists that add a filter of their own. */
export const CursorPageQueryFields = PageQuerySchema.extend({
  search: z
    .string({ error: 'Search must be text.' })
    .trim()
    .max(100, { error: 'Search must be at most 100 characters.' })
    .optional(),
  /** The page after this place (Next); `offset` is then only echoed as the caller's position. */
  after: cursor,
  /** The page before this place (Previous). */
  before: cursor,
});

/** A page is read one way: after a place or before it. */
export const oneCursor = {
  check: (q: { after?: string | undefined; before?: string | undefined }) => !(q.after && q.before),
  message: { error: 'Send after or before, not both.', path: ['before'] },
};

export const CursorPageQuerySchema = CursorPageQueryFields.refine(oneCursor.check, oneCursor.message);

export const OwnerListQuerySchema = CursorPageQuerySchema;
export type OwnerListQuery = z.input<typeof OwnerListQuerySchema>;

export const PaginationSchema = z.object({
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

export const CursorPaginationSchema = PaginationSchema.extend({
  /** Send as `after` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
  /** Send as `before` for the previous page; null on the first page. */
  prev_cursor: z.string().nullable(),
});

export const OwnerSchema = z.object({
  ClientId: z.uuid(),
  ClientName: z.string(),
  AgencyName: z.string().nullable(),
  AgencyEmail: z.string(),
  IsActive: z.boolean(),
  IsVerified: z.boolean(),
  CreatedAt: z.string(),
});
export type Owner = z.infer<typeof OwnerSchema>;

export const OwnerListResponseSchema = z.object({
  items: z.array(OwnerSchema),
  pagination: CursorPaginationSchema,
});
export type OwnerListResponse = z.infer<typeof OwnerListResponseSchema>;

export const IdParamsSchema = z.object({
  id: z.uuid({ error: 'The id must be a valid identifier.' }),
});

/** One agency of an owner, shown generically as label and value (spec §2 View modal). */
export const OwnerAgencySchema = z.object({
  agency_id: z.uuid(),
  agency_name: z.string(),
  portal_address: z.string(),
  agency_email: z.string(),
  phone_number: z.string(),
  alternate_phone_number: z.string().nullable(),
  address: z.string(),
  website: z.string().nullable(),
  years_in_business: z.number().int().nullable(),
  license_number: z.string().nullable(),
  company_description: z.string().nullable(),
  is_verified: z.boolean(),
  registered_on: z.string(),
});
export type OwnerAgency = z.infer<typeof OwnerAgencySchema>;

export const OwnerAgenciesResponseSchema = z.object({
  items: z.array(OwnerAgencySchema),
  pagination: PaginationSchema,
});

export const UpdateOwnerSchema = z.object({
  ClientId: z.uuid({ error: 'Client Id must be a valid identifier.' }),
  IsActive: z.boolean({ error: 'Is Active must be true or false.' }),
  IsVerified: z.boolean({ error: 'Is Verified must be true or false.' }),
});
export type UpdateOwner = z.infer<typeof UpdateOwnerSchema>;

export const UpdateOwnerResponseSchema = z.object({ message: z.string(), data: OwnerSchema });

export const ResetOwnerPasswordSchema = z.object({ new_password: passwordSchema('NewPassword') });

export const DashboardStatsSchema = z.object({
  totalClients: z.number().int(),
  activeClients: z.number().int(),
  verifiedClients: z.number().int(),
  newThisMonth: z.number().int(),
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;

export const ChangePasswordSchema = z.object({
  current_password: z
    .string({ error: 'Current Password is required.' })
    .min(1, { error: 'Current Password is required.' }),
  new_password: passwordSchema('NewPassword'),
});
