import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{domain,db,server,web,locales,scripts,testing}/**/*.test.ts'],
    globalSetup: ['testing/compileMessages.ts'],
    environment: 'node',
    // PGlite and real PostgreSQL start-up plus migrations take a few seconds per file
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
