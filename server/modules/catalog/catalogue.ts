import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../../db/client';
import type { Unlisten } from '../../../db/listener';
import type { Product } from '../../../domain/catalog';
import type { ProductReviews } from '../../../domain/contracts/reviews';
import type { FeedSettings } from '../../../domain/feeds';
import { LOCALES, type Locale } from '../../../domain/locale';
import { compressText, type Precompressed, weakEtagOf } from '../../compression';
import { AppError } from '../../errors';
import { publishedReviewsByProduct } from '../reviews/service';
import { CATALOGUE_CHANNEL } from './changes';
import { listProducts } from './service';

/** The storefront's catalogue in one language as GET /api/products sends it: the JSON, precompressed, and its ETag. */
export interface CatalogueInLanguage {
  /**
   * A hash of the JSON: the same catalogue has the same ETag in every process. Weak, because the
   * brotli, gzip and plain bodies share it (equivalent, not byte for byte the same).
   */
  etag: string;
  body: Precompressed;
  /** The same catalogue as objects, for pages rendered from it (read-only: shared by every reader). */
  products: readonly Product[];
  /** Each product's feed settings, by id (the same in every language): the feeds are made from the catalogue (feeds/routes.ts). */
  feedSettings: ReadonlyMap<string, FeedSettings>;
  /** Each product's published reviews, by id (the same in every language): the product pages show them (issue 49). */
  reviews: ReadonlyMap<string, ProductReviews>;
}

/** The catalogue as last loaded, in each language (one object per load: a new one means a change). */
export type CatalogueSnapshot = Readonly<Record<Locale, CatalogueInLanguage>>;

/** After a failed reload, the next try. */
export const RELOAD_RETRY_MS = 2_000;

async function inLanguage(products: Product[], feedSettings: ReadonlyMap<string, FeedSettings>, reviews: ReadonlyMap<string, ProductReviews>): Promise<CatalogueInLanguage> {
  const json = JSON.stringify({ products });
  return { etag: weakEtagOf(json), body: await compressText(json), products, feedSettings, reviews };
}

async function snapshotOf(db: Db): Promise<CatalogueSnapshot> {
  const [{ byLocale, feedSettings }, reviews] = await Promise.all([listProducts(db), publishedReviewsByProduct(db)]);
  const languages = await Promise.all(LOCALES.map(async (locale) => [locale, await inLanguage(byLocale[locale], feedSettings, reviews)] as const));
  return Object.fromEntries(languages) as CatalogueSnapshot;
}

/**
 * The storefront's catalogue, held in memory: loaded at start, and loaded again whenever a change is
 * NOTIFYd on CATALOGUE_CHANNEL (changes.ts), by this process or any other on the same database.
 * Reads of it never touch the database. Reloads never overlap and a reload asked for while one runs
 * waits for it and runs once after it (however many were asked for), so the newest read always
 * wins. A failed reload keeps the catalogue it had and tries again shortly.
 */
export class Catalogue {
  private snapshot: CatalogueSnapshot | null = null;
  private loading: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private unlisten: Unlisten | null = null;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  private lastError: unknown;

  private constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Listens first, then loads, so a change committed during the first load is not missed. When the
   * first load fails (the database is down) the process still starts: the catalogue answers 503
   * until a retry loads it.
   */
  static async open(db: Db, listen: Database['listen'], log: FastifyBaseLogger): Promise<Catalogue> {
    const catalogue = new Catalogue(db, log);
    catalogue.unlisten = await listen(CATALOGUE_CHANNEL, () => void catalogue.reload());
    await catalogue.reload();
    return catalogue;
  }

  /** The catalogue as last loaded; before the first load succeeds, the error that stopped it (answered 503). */
  current(): CatalogueSnapshot {
    if (this.snapshot) return this.snapshot;
    throw this.lastError ?? new AppError('unavailable', { id: 'message.shopUnavailable' }, 'database_unavailable');
  }

  /**
   * Loads the catalogue again; resolves once a load that started after this call has finished
   * (or failed: the previous catalogue stays and a retry is scheduled). Never rejects.
   */
  reload(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (!this.loading) {
      this.loading = this.load()
        .catch((err: unknown) => this.failed(err))
        .finally(() => {
          this.loading = null;
        });
      return this.loading;
    }
    // The running load may have read before the change: one more after it, shared by every caller meanwhile.
    this.queued ??= this.loading.then(() => {
      this.queued = null;
      return this.reload();
    });
    return this.queued;
  }

  private async load() {
    const snapshot = await snapshotOf(this.db);
    if (!this.closed) this.snapshot = snapshot;
  }

  private failed(err: unknown) {
    this.lastError = err;
    this.log.warn({ err }, 'loading the catalogue failed; the shop shows the one it had, if any, and tries again');
    this.retry ??= setTimeout(() => {
      this.retry = undefined;
      void this.reload();
    }, RELOAD_RETRY_MS).unref();
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retry);
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.().catch(() => undefined);
    await Promise.allSettled([this.loading, this.queued]);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The storefront's catalogue (buildApp): tests that write products behind the app's back reload it. */
    catalogue: Catalogue;
  }
}
