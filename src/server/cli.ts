// The server's command line: `npm run admin -- <command>` (or `node dist/server/cli.js <command>`),
// for the operator at the server's shell. It uses the same settings (.env, environment) as the site.
import fs from 'node:fs';
import path from 'node:path';
import { auditTrail } from './audit/audit-trail';
import { passwordHasher } from './auth/password';
import { loadConfig } from './config';
import { backupSqlite } from './db/backup';
import { openDatabase, sqliteFileIn } from './db/database';
import { migrateToLatest } from './db/migrate';
import { accountRecovery } from './features/accounts/account-recovery';

const usage = `Usage: npm run admin -- <command>

  reset-password EMAIL   give the account EMAIL a new generated password (printed once), end its
                         sessions and lift a sign-in lockout
  create-admin EMAIL     make EMAIL an admin: a new account with a generated password, or an
                         existing account promoted
  remove-second-factor EMAIL
                         remove the account's passkeys, authenticator app and recovery codes
                         (a lost phone or key) and end its sessions; it signs in with its
                         password and sets up a new factor
  backup FILE            SQLite only: a consistent copy of the live database (VACUUM INTO) in FILE`;

async function withRecovery<T>(work: (recovery: ReturnType<typeof accountRecovery>) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    const clock = () => new Date();
    return await work(accountRecovery(db.db, passwordHasher(config.passwordHashCost), auditTrail(db.db, clock), clock));
  } finally {
    await db.close();
  }
}

// Settings come from the environment, or from .env in the working folder (the environment wins).
if (fs.existsSync('.env')) process.loadEnvFile('.env');

async function run(command: string | undefined, arg: string | undefined): Promise<number> {
  if (command === 'reset-password' && arg) {
    const result = await withRecovery((recovery) => recovery.resetPassword(arg));
    if ('error' in result) return fail(result.error);
    console.log(`New password for ${arg}:\n    ${result.password}\nIt is shown only once. Every session of this account has ended.`);
    return 0;
  }
  if (command === 'create-admin' && arg) {
    const result = await withRecovery((recovery) => recovery.createAdmin(arg));
    if ('error' in result) return fail(result.error);
    if ('promoted' in result) console.log(`${arg} is now an admin; its password is unchanged.`);
    else console.log(`Admin account ${arg} created with the password:\n    ${result.password}\nIt is shown only once.`);
    return 0;
  }
  if (command === 'remove-second-factor' && arg) {
    const result = await withRecovery((recovery) => recovery.removeSecondFactors(arg));
    if ('error' in result) return fail(result.error);
    console.log(
      result.removed.length
        ? `Removed from ${arg}: ${result.removed.join(', ')}. Its sessions have ended; it signs in with its password and sets up a new second factor.`
        : `${arg} had no second factor. Its sessions have ended.`,
    );
    return 0;
  }
  if (command === 'backup' && arg) {
    const config = loadConfig();
    if (config.databaseUrl) return fail('DATABASE_URL points at PostgreSQL: back it up with pg_dump (see README.md, "Backups").');
    const source = sqliteFileIn(config.dataDir);
    backupSqlite(source, path.resolve(arg));
    console.log(`Backed up ${source} to ${path.resolve(arg)} (integrity check: ok)`);
    return 0;
  }
  console.error(usage);
  return 2;
}

function fail(message: string): number {
  console.error(message);
  return 1;
}

run(process.argv[2], process.argv[3]).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
