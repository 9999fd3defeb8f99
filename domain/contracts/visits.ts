import * as z from 'zod/mini';
import { FUNNEL_STEPS } from '../visits';

/**
 * GET /api/admin/visits: visitors against orders (today, 7 days, 30 days; each of the last 30 days, oldest first), the
 * funnel over 30 days with each step's drop-off (its last step the orders placed), and the products most viewed and
 * most ordered in those 30 days. Days are Bucharest's.
 */
export const visitStatsSchema = z.object({
  periods: z.array(z.object({ days: z.int(), visitors: z.int(), orders: z.int(), conversion: z.nullable(z.number()) })),
  daily: z.array(z.object({ day: z.string(), visitors: z.int(), orders: z.int() })),
  funnel: z.array(z.object({ step: z.enum(FUNNEL_STEPS), visitors: z.int(), dropOff: z.nullable(z.number()) })),
  topViewed: z.array(z.object({ name: z.string(), views: z.int() })),
  topOrdered: z.array(z.object({ name: z.string(), units: z.int() })),
});
export type VisitStats = z.infer<typeof visitStatsSchema>;
