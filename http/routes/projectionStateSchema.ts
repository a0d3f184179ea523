/** Where a projection stands, as the analysts' status and reports answer it (projections/README.md "Lag"). */
import { z } from 'zod';

export const projectionStateFields = {
  codeVersion: z.number(),
  liveVersion: z.number().nullable(),
  status: z.enum(['building', 'live', 'failed', 'missing']),
  position: z.string().nullable(),
  processed: z.number(),
  lag: z.number(),
  error: z.string().nullable(),
  errorEvent: z.string().nullable(),
  rebuilding: z.object({ generation: z.number(), processed: z.number() }).nullable(),
};
