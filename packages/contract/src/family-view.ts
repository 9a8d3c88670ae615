import { z } from 'zod';
import { PaginationSchema } from './admin.ts';
import { PlanStatusLabelSchema, PrimaryClientListQuerySchema } from './clients.ts';
import { ServiceCategorySchema } from './providers.ts';

// The workspace's family view (/dashboard/clients, issue 5 item 7): a page of primary clients, each with
// the family members and the plans each of them holds, answered by one call so the screen makes no
// call per client. Searchable like Registered Users (name, email, phone, client code).

export const FamilyListQuerySchema = PrimaryClientListQuerySchema;
export type FamilyListQuery = z.input<typeof FamilyListQuerySchema>;

/** A plan as the family view shows it: enough to recognise it and open its detail. */
export const FamilyPlanSchema = z.object({
  plan_id: z.uuid(),
  plan_kind: ServiceCategorySchema,
  service_code: z.string(),
  provider_name: z.string(),
  plan_name: z.string().nullable(),
  policy_number: z.string(),
  end_date: z.string().nullable(),
  status: PlanStatusLabelSchema,
});
export type FamilyPlan = z.infer<typeof FamilyPlanSchema>;

export const FamilyMemberPlansSchema = z.object({
  secondary_client_id: z.uuid(),
  full_name: z.string(),
  relationship: z.string(),
  plans: z.array(FamilyPlanSchema),
});
export type FamilyMemberPlans = z.infer<typeof FamilyMemberPlansSchema>;

export const FamilyListItemSchema = z.object({
  primary_client_id: z.uuid(),
  client_code: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** The plans the primary client holds themself. */
  plans: z.array(FamilyPlanSchema),
  members: z.array(FamilyMemberPlansSchema),
});
export type FamilyListItem = z.infer<typeof FamilyListItemSchema>;

export const FamilyListResponseSchema = z.object({
  items: z.array(FamilyListItemSchema),
  pagination: PaginationSchema,
});
export type FamilyListResponse = z.infer<typeof FamilyListResponseSchema>;
