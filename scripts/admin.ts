/**
 * `npm run admin -- create <email>`: makes the shop's owner account (it asks for the password
 * twice), or makes an existing account an owner. For scripts: `--password-stdin` reads the password
 * from standard input instead of asking. Uses the shop's database settings (DATABASE_URL, or the
 * embedded database in DATA_DIR, which only one process can open: stop the shop first).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { openPglite, openPostgres } from '../db/client';
import { DataFolderInUseError } from '../db/dataFolderLock';
import { seedCatalog } from '../db/seed';
import { loadConfig } from '../server/env';
import { AppError } from '../server/errors';
import { translate } from '../server/i18n';
import { createLogger } from '../server/logging';
import { createAuth } from '../server/modules/accounts/auth';
import { makeOwner } from '../server/modules/accounts/service';

const USAGE = 'usage: npm run admin -- create <email> [--password-stdin]';
const [command, email, ...flags] = process.argv.slice(2);
if (command !== 'create' || !email || flags.some((flag) => flag !== '--password-stdin')) {
  console.error(USAGE);
  process.exit(2);
}

/** Reads a line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const terminal = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const write = (terminal as unknown as { _writeToOutput: (text: string) => void })._writeToOutput.bind(terminal);
    let asked = false;
    (terminal as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = (text) => {
      if (!asked) write(text);
    };
    terminal.question(question, (answer) => {
      terminal.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    asked = true;
  });
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function passwordFor(): Promise<string> {
  if (flags.includes('--password-stdin')) return readStdin();
  if (!process.stdin.isTTY) {
    console.error(`No terminal to ask for the password: pipe it in with --password-stdin.\n${USAGE}`);
    process.exit(2);
  }
  const first = await askHidden(`Password for ${email}: `);
  const again = await askHidden('The same password again: ');
  if (first !== again) {
    console.error('The passwords do not match; nothing was changed.');
    process.exit(1);
  }
  return first;
}

const config = loadConfig({ ...process.env, NODE_ENV: 'development' });
let database: Awaited<ReturnType<typeof openPglite>>;
try {
  database = config.DATABASE_URL ? await openPostgres({ connectionString: config.DATABASE_URL, max: 1 }) : await openPglite(path.resolve(config.DATA_DIR, 'pglite'));
} catch (error) {
  console.error(error instanceof DataFolderInUseError ? `${error.message}\nStop the shop, run this, then start it again.` : String(error));
  process.exit(1);
}
let exitCode = 0;
try {
  await seedCatalog(database.db);
  // Only the password is used here: no session this makes is ever handed out.
  const auth = createAuth(database.db, { baseURL: 'http://localhost', secret: randomBytes(32).toString('hex'), secureCookies: false }, createLogger('warn'));
  // An existing account is promoted as it is; only a new one needs a password.
  const needsPassword = await makeOwner(database.db, auth, { email }).catch((error: unknown) => {
    if (error instanceof AppError) return null;
    throw error;
  });
  const outcome = needsPassword ?? (await makeOwner(database.db, auth, { email, password: await passwordFor() }));
  console.log(
    outcome === 'created'
      ? `Created the owner account ${email}. Sign in at /login, then open /admin.`
      : outcome === 'promoted'
        ? `${email} already had an account: it is now an owner (its password is unchanged).`
        : `${email} is already an owner.`,
  );
} catch (error) {
  // The owner reads the shop's refusals in English here (the back office's catalogue; other errors as they are).
  console.error(error instanceof AppError ? translate('en', error.message, error.values) : error instanceof Error ? error.message : String(error));
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
