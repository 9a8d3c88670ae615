import { z } from 'zod';

/** Every error answer (spec §8 reads `message`, registration reads `detail`). */
export const ErrorResponseSchema = z.object({
  message: z.string(),
  detail: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const HealthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
  /** The process's load (issue 23 item 4): API calls in progress, their limit (0: none), and whether it sheds. */
  load: z.object({
    calls_in_progress: z.number().int(),
    calls_limit: z.number().int(),
    shedding: z.boolean(),
  }),
});
