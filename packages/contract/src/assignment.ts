import { z } from 'zod';

// Assignment of primary clients to agents (issue 25 item 3, decision 034): the owner and agency admins assign
// one client or many at once; a list and a record show the assigned agent.

/** The most clients one assignment names: a page of Registered Users is at most 100, "all matching" is not. */
export const ASSIGN_MAX_CLIENTS = 500;

/** The agent a primary client is assigned to (null: nobody, the owner's and admins' alone). */
export const AssignedAgentSchema = z.object({ id: z.uuid(), name: z.string() }).nullable();
export type AssignedAgent = z.infer<typeof AssignedAgentSchema>;

const clientIdsMessage = `Client Ids must be a list of 1 to ${ASSIGN_MAX_CLIENTS} client ids.`;
const agentIdMessage = 'Agent must be an agent of your agency, or null for nobody.';

export const AssignClientsSchema = z.object({
  client_ids: z
    .array(z.uuid({ error: 'Each client id must be a valid identifier.' }), { error: clientIdsMessage })
    .min(1, { error: clientIdsMessage })
    .max(ASSIGN_MAX_CLIENTS, { error: clientIdsMessage }),
  agent_id: z.uuid({ error: agentIdMessage }).nullable(),
});
export type AssignClients = z.input<typeof AssignClientsSchema>;

export const AssignClientsResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({
    /** How many clients changed hands (a client already with that agent is left as it is). */
    changed: z.number().int(),
    agent: AssignedAgentSchema,
  }),
});
export type AssignClientsResponse = z.infer<typeof AssignClientsResponseSchema>;

export const AgentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  active: z.boolean(),
  /** Primary clients assigned to them now (removed clients not counted). */
  assigned_clients: z.number().int(),
});
export type Agent = z.infer<typeof AgentSchema>;

export const AgentListResponseSchema = z.object({
  status: z.literal('success'),
  data: z.array(AgentSchema),
});
export type AgentListResponse = z.infer<typeof AgentListResponseSchema>;

/** The agency's agents' filter of Registered Users: one agent's clients, or those of nobody. */
export const AGENT_FILTER_NONE = 'none';
const agentFilterMessage = 'Agent must be an agent id or "none".';
export const AgentFilterSchema = z
  .preprocess(
    (v) => (v === '' ? undefined : v),
    z.union([z.uuid(), z.literal(AGENT_FILTER_NONE)], { error: agentFilterMessage }).optional(),
  )
  .optional();
