import { createHash, randomBytes } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { visitSalts, visitSources, visitViews, visitVisitors } from '../../../db/schema/visits';
import { DIRECT, type Touch } from '../../../domain/attribution';
import { addDays } from '../../../domain/calendar';
import { bucharestDay } from '../../../domain/locale';
import type { FunnelStep } from '../../../domain/visits';

/** How often each process writes what it counted; a process that dies loses at most this much (acceptable: counts, not orders). */
export const FLUSH_EVERY_MS = 10_000;
/** How long a day's visitor hashes are kept (for the counts of distinct visitors over 30 days), in days. */
const KEEP_VISITORS_DAYS = 35;

/**
 * Counts page views and visitors in memory, so counting never slows a page, and writes them in batches every
 * FLUSH_EVERY_MS (docs/decisions/0035-visitor-counts.md). A visitor is the hash of the day's salt, their IP address
 * and user agent; the salt is shared by every process through the database and deleted once its day is over.
 */
export class VisitCounter {
  private views = new Map<string, number>();
  private visitors = new Map<string, Set<string>>();
  /** Visitors per day, source, medium and campaign (issue 49). */
  private sources = new Map<string, Set<string>>();
  private salt: { day: string; value: Promise<string> } | null = null;
  /** The day old salts and hashes were last deleted on (once a day is enough). */
  private swept: string | null = null;

  constructor(private readonly db: Db) {}

  /** The day's salt: made by the first process that needs it, read by the others. */
  private saltOf(day: string): Promise<string> {
    if (this.salt?.day !== day) {
      const value = (async () => {
        await this.db
          .insert(visitSalts)
          .values({ day, salt: randomBytes(32).toString('hex') })
          .onConflictDoNothing();
        const [row] = await this.db.select({ salt: visitSalts.salt }).from(visitSalts).where(eq(visitSalts.day, day));
        return row!.salt;
      })();
      value.catch(() => {
        if (this.salt?.value === value) this.salt = null;
      });
      this.salt = { day, value };
    }
    return this.salt.value;
  }

  /**
   * Counts a view of `step` (and of the product `page`) by the visitor at this IP address with this browser, who came
   * from `touch` (domain/attribution.ts; cleaned by the caller), or direct without one.
   */
  async count(step: FunnelStep, page: string, visitor: { ip: string; userAgent: string }, touch: Touch | null = null, at = new Date()): Promise<void> {
    const day = bucharestDay(at);
    const hash = createHash('sha256')
      .update(`${await this.saltOf(day)}\n${visitor.ip}\n${visitor.userAgent}`)
      .digest('hex')
      .slice(0, 32);
    const viewKey = JSON.stringify([day, step, page]);
    this.views.set(viewKey, (this.views.get(viewKey) ?? 0) + 1);
    const visitorKey = JSON.stringify([day, step]);
    const seen = this.visitors.get(visitorKey) ?? new Set<string>();
    seen.add(hash);
    this.visitors.set(visitorKey, seen);
    const sourceKey = JSON.stringify([day, touch?.source ?? DIRECT, touch?.medium ?? '', touch?.campaign ?? '']);
    this.sources.set(sourceKey, (this.sources.get(sourceKey) ?? new Set<string>()).add(hash));
  }

  /** Writes what was counted since the last time (a batch of two statements), and forgets old salts and hashes. */
  async flush(now = new Date()): Promise<void> {
    const views = this.views;
    const visitors = this.visitors;
    const sources = this.sources;
    this.views = new Map();
    this.visitors = new Map();
    this.sources = new Map();
    const viewRows = [...views].map(([key, count]) => {
      const [day, step, page] = JSON.parse(key) as [string, FunnelStep, string];
      return { day, step, page, views: count };
    });
    const visitorRows = [...visitors].flatMap(([key, hashes]) => {
      const [day, step] = JSON.parse(key) as [string, FunnelStep];
      return [...hashes].map((visitor) => ({ day, step, visitor }));
    });
    const sourceRows = [...sources].flatMap(([key, hashes]) => {
      const [day, source, medium, campaign] = JSON.parse(key) as [string, string, string, string];
      return [...hashes].map((visitor) => ({ day, source, medium, campaign, visitor }));
    });
    try {
      await this.db.transaction(async (tx) => {
        if (viewRows.length > 0) {
          await tx
            .insert(visitViews)
            .values(viewRows)
            .onConflictDoUpdate({ target: [visitViews.day, visitViews.step, visitViews.page], set: { views: sql`${visitViews.views} + excluded.views` } });
        }
        if (visitorRows.length > 0) await tx.insert(visitVisitors).values(visitorRows).onConflictDoNothing();
        if (sourceRows.length > 0) await tx.insert(visitSources).values(sourceRows).onConflictDoNothing();
      });
    } catch (error) {
      // Not written: counted again with what comes next (the database may be back by then).
      for (const [key, count] of views) this.views.set(key, (this.views.get(key) ?? 0) + count);
      for (const [key, hashes] of visitors) this.visitors.set(key, new Set([...(this.visitors.get(key) ?? []), ...hashes]));
      for (const [key, hashes] of sources) this.sources.set(key, new Set([...(this.sources.get(key) ?? []), ...hashes]));
      throw error;
    }
    const today = bucharestDay(now);
    if (this.swept !== today) {
      await this.db.delete(visitSalts).where(lt(visitSalts.day, today));
      await this.db.delete(visitVisitors).where(lt(visitVisitors.day, addDays(today, -KEEP_VISITORS_DAYS)));
      await this.db.delete(visitSources).where(lt(visitSources.day, addDays(today, -KEEP_VISITORS_DAYS)));
      this.swept = today;
    }
  }
}
