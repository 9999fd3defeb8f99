import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest (15–65 s: processes killed and started again, a fresh clone's npm ci, SMTP and ANAF
 * stand-ins slowed down), started first. Vitest orders by the durations it cached in node_modules; a clean clone
 * (CI) has none, and there the fresh-clone test started 80 s in and ran alone for the run's last 15 s.
 */
const SLOW_FIRST = [
  'scripts/freshClone.test.ts',
  'server/modules/mail/mail.api.test.ts',
  'server/modules/shipping/courierCrash.api.test.ts',
  'server/modules/invoices/reporting.api.test.ts',
  'server/modules/mail/mailCrash.api.test.ts',
  'server/modules/shipping/trackingProcesses.api.test.ts',
  'server/durability.test.ts',
  'server/main.test.ts',
  'server/modules/invoices/reportingCrash.api.test.ts',
  'scripts/backup.test.ts',
  'scripts/admin.test.ts',
  'db/pgliteSettings.test.ts',
  'server/postgresFaults.api.test.ts',
];

class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = SLOW_FIRST.indexOf(relative(import.meta.dirname, file.moduleId));
      return index === -1 ? SLOW_FIRST.length : index;
    };
    // Stable: the rest keep Vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: ['{domain,db,server,web,locales,scripts,testing}/**/*.test.ts'],
    globalSetup: ['testing/compileMessages.ts', 'testing/pgliteTemplate.ts'],
    environment: 'node',
    // As `npm start` runs: the embedded database's WebAssembly on V8's baseline compiler only (decision 0029), which
    // also spares each test process compiling it again with the optimizing one.
    execArgv: ['--liftoff-only'],
    // Four test files at a time on this 2-core machine: many of them mostly wait (processes starting, an SMTP server
    // slowed down, leases running out), and with two at a time the cores were busy 40% of the run.
    maxWorkers: 4,
    sequence: { sequencer: SlowFirst },
    // A worker keeps the modules it loaded from one test file to the next: every API test file imports the whole app
    // (Fastify, better-auth, Drizzle, PGlite, React Email), and loading it again for each of 120 files took 160 s of
    // the workers' time (30 s of the run). Each file makes its own app and database, and the few that stub a global,
    // an environment variable or the clock put it back after.
    isolate: false,
    // PGlite and real PostgreSQL start-up plus migrations take a few seconds per file
    hookTimeout: 60_000,
    testTimeout: 30_000,
    // The shops and workers tests start make no daily backup (it would depend on the hour the tests run at):
    // backups.api.test.ts and the end-to-end shop test it.
    env: { BACKUP_HOUR: 'off' },
  },
});
