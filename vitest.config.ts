import { defineConfig } from 'vitest/config';

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
    // A worker keeps the modules it loaded from one test file to the next: every API test file imports the whole app
    // (Fastify, better-auth, Drizzle, PGlite, React Email), and loading it again for each of 120 files took 160 s of
    // the workers' time (30 s of the run). Each file makes its own app and database, and the few that stub a global,
    // an environment variable or the clock put it back after.
    isolate: false,
    // PGlite and real PostgreSQL start-up plus migrations take a few seconds per file
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
