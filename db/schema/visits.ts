import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { FunnelStep } from '../../domain/visits';

/**
 * Visitors and the funnel (issue 34, domain/visits.ts), with no cookie and no IP address stored. A visitor is a hash of
 * their IP address and browser with the day's random salt; the salt is deleted once its day is over, so a hash says
 * nothing about anyone, nor links two days.
 */

/** The day's salt (Bucharest days), shared by every process; yesterday's is deleted. */
export const visitSalts = pgTable('visit_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});

/** Who reached each step on a day: a visitor once (the hash), for the counts of distinct visitors. Kept 35 days. */
export const visitVisitors = pgTable(
  'visit_visitors',
  {
    day: date('day', { mode: 'string' }).notNull(),
    step: text('step').$type<FunnelStep>().notNull(),
    visitor: text('visitor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.step, t.visitor] })],
);

/** Page views a day, per step, and per product for product pages (`page`: its slug, '' for other steps). */
export const visitViews = pgTable(
  'visit_views',
  {
    day: date('day', { mode: 'string' }).notNull(),
    step: text('step').$type<FunnelStep>().notNull(),
    page: text('page').notNull().default(''),
    views: integer('views').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.step, t.page] })],
);

/**
 * Who came from each source on a day (issue 49, domain/attribution.ts): a visitor once per source, medium and
 * campaign (the hash, as visit_visitors), for the visitors by channel. `direct`, '' and '' for visits without a touch.
 * Kept 35 days.
 */
export const visitSources = pgTable(
  'visit_sources',
  {
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    medium: text('medium').notNull().default(''),
    campaign: text('campaign').notNull().default(''),
    visitor: text('visitor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.source, t.medium, t.campaign, t.visitor] })],
);
