import * as z from 'zod/mini';
import { FUNNEL_STEPS } from '../visits';

/**
 * GET /api/admin/visits: visitors against orders (today, 7 days, 30 days; each of the last 30 days, oldest first), the
 * funnel over 30 days with each step's drop-off (its last step the orders placed), and the products most viewed and
 * most ordered in those 30 days, and sales by channel over 7 and 30 days. Days are Bucharest's.
 */
/**
 * One source and campaign over a period (issue 49): its visitors, its orders placed, their revenue (bani, cancelled
 * ones left out) and the conversion (null as the periods'). `source` null: orders from before channels were kept.
 */
export const channelRowSchema = z.object({
  source: z.nullable(z.string()),
  campaign: z.nullable(z.string()),
  visitors: z.int(),
  orders: z.int(),
  revenue: z.int(),
  conversion: z.nullable(z.number()),
});
export type ChannelRow = z.infer<typeof channelRowSchema>;

export const visitStatsSchema = z.object({
  periods: z.array(z.object({ days: z.int(), visitors: z.int(), orders: z.int(), conversion: z.nullable(z.number()) })),
  daily: z.array(z.object({ day: z.string(), visitors: z.int(), orders: z.int() })),
  funnel: z.array(z.object({ step: z.enum(FUNNEL_STEPS), visitors: z.int(), dropOff: z.nullable(z.number()) })),
  topViewed: z.array(z.object({ name: z.string(), views: z.int() })),
  topOrdered: z.array(z.object({ name: z.string(), units: z.int() })),
  /** Sales by channel over 7 and 30 days. */
  channels: z.array(z.object({ days: z.int(), rows: z.array(channelRowSchema) })),
});
export type VisitStats = z.infer<typeof visitStatsSchema>;
