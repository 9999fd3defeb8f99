/**
 * `npm run admin -- create <email>`: makes the shop's owner account (it asks for the password
 * twice), or makes an existing account an owner. For scripts: `--password-stdin` reads the password
 * from standard input instead of asking. `npm run admin -- reset-2fa <email>`: turns the account's
 * two-factor sign-in off (a lost phone and lost backup codes) and ends its sessions; an owner sets it
 * up again at the next sign-in. Uses the shop's database settings (DATABASE_URL, or the embedded
 * database in DATA_DIR, which only one process can open: stop the shop first).
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
import { makeOwner, resetTwoFactor } from '../server/modules/accounts/service';

const USAGE = 'usage: npm run admin -- create <email> [--password-stdin]\n       npm run admin -- reset-2fa <email>';
const [command, email, ...flags] = process.argv.slice(2);
if (!['create', 'reset-2fa'].includes(command ?? '') || !email || flags.some((flag) => flag !== '--password-stdin' || command !== 'create')) {
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
/** `create`: makes or promotes the owner, and says which. */
async function create(db: typeof database.db, address: string) {
  await seedCatalog(db);
  // Only the password is used here: no session this makes is ever handed out.
  const auth = createAuth(db, { baseURL: 'http://localhost', secret: randomBytes(32).toString('hex'), secureCookies: false }, createLogger('warn'));
  // An existing account is promoted as it is; only a new one needs a password.
  const needsPassword = await makeOwner(db, auth, { email: address }).catch((error: unknown) => {
    if (error instanceof AppError) return null;
    throw error;
  });
  const outcome = needsPassword ?? (await makeOwner(db, auth, { email: address, password: await passwordFor() }));
  console.log(
    outcome === 'created'
      ? `Created the owner account ${address}. Sign in at /login, set up two-factor sign-in as the back office asks, then open /admin.`
      : outcome === 'promoted'
        ? `${address} already had an account: it is now an owner (its password is unchanged).`
        : `${address} is already an owner.`,
  );
  return 0;
}

/** `reset-2fa`: two-factor sign-in off, sessions ended. */
async function resetSecondFactor(db: typeof database.db, address: string) {
  if (!(await resetTwoFactor(db, address))) {
    console.error(`There is no account for ${address}; nothing was changed.`);
    return 1;
  }
  console.log(`Two-factor sign-in is off for ${address} and its sessions are ended: it signs in with its password, and an owner sets two-factor sign-in up again at once.`);
  return 0;
}

let exitCode = 0;
try {
  exitCode = command === 'reset-2fa' ? await resetSecondFactor(database.db, email) : await create(database.db, email);
} catch (error) {
  // The owner reads the shop's refusals in English here (the back office's catalogue; other errors as they are).
  console.error(error instanceof AppError ? translate('en', error.message, error.values) : error instanceof Error ? error.message : String(error));
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
