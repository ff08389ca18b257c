/**
 * Makes a member of a site an admin of its moderators' console, or an admin a member again, with the backend's
 * environment (DATABASE_URL or DATA_DIR): the only way to give or take the admin role (the console changes moderators
 * only). The change is audited like the console's (via `operator`).
 *
 *   npx tsx scripts/site-admin.ts <e-mail address> [--site <host>] [--withdraw]
 *
 * Without --site, the default site. Exit code: 0 when done (or nothing to do), 1 when no active member of the site has
 * that address or the site is unknown, 2 on a usage error.
 */
import { parseArgs } from 'node:util';
import { setRoleByOperator } from '../mock-backend/components/moderation/index';
import { openTransferDatabase } from './lib/transfer-database';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { site: { type: 'string' }, withdraw: { type: 'boolean', default: false } },
});
if (positionals.length !== 1) {
  process.stderr.write('usage: npx tsx scripts/site-admin.ts <e-mail address> [--site <host>] [--withdraw]\n');
  process.exit(2);
}
const email = positionals[0] as string;

async function main(): Promise<number> {
  const { db } = await openTransferDatabase({ migrate: true });
  try {
    const role = values.withdraw ? 'member' : 'admin';
    const result = await setRoleByOperator(db, { host: values.site ?? null, email, role });
    if (!result) {
      process.stderr.write(`no active member with that address on ${values.site ?? 'the default site'}\n`);
      return 1;
    }
    process.stdout.write(
      result.from === result.to
        ? `member ${result.memberId} is ${role} already\n`
        : `member ${result.memberId}: ${result.from} → ${result.to}\n`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`site-admin: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(2);
  },
);
