import { spawnSync } from 'node:child_process';

/**
 * One of the owner's commands as `npm run …` runs it: the build's bundle through the launcher (`npm test` builds
 * first), e.g. `admin`, `backup`, `restore`, `db-move`, `main`. Waits for it; its exit status and everything it said.
 */
export function ownerCommand(bundle: string, args: string[], env: NodeJS.ProcessEnv, options: { input?: string; timeoutMs?: number } = {}) {
  const result = spawnSync(process.execPath, ['--liftoff-only', 'scripts/launch.mjs', bundle, ...args], {
    env: { ...process.env, ...env },
    input: options.input,
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}
