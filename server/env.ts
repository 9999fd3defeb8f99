import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  /** Folder of the embedded PGlite database, used when DATABASE_URL is not set. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** A real PostgreSQL (production); when set, DATA_DIR is not used. */
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The built web app; the API runs without it (tests, or `npm run dev` with Vite). */
  WEB_ROOT: z.string().min(1).default('./dist'),
});

export type Config = z.infer<typeof envSchema>;

/** Reads the configuration once at start-up; a fresh clone runs with no variables at all. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankAsUnset = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}
