// pnpm --filter @permitdesk/server operator -- grant <email>   (or: revoke <email>, list)
// Gives (or takes back) the permit team's staff flag on an existing account, in the configured database.
import { closeServices, createServices } from '../services.js';
import { loadConfig } from '../config.js';
import { migrateToLatest } from '../db/migrate.js';
import { setStaff } from '../staff/staff.js';

const USAGE = 'Usage: pnpm --filter @permitdesk/server operator -- grant <email> | revoke <email> | list';

export async function runOperatorCommand(args: readonly string[], out: (line: string) => void = console.log): Promise<number> {
  const [command, email] = args.filter((arg) => arg !== '--');
  if (!command || !['grant', 'revoke', 'list'].includes(command) || (command !== 'list' && !email)) {
    out(USAGE);
    return 2;
  }
  const services = await createServices(loadConfig());
  try {
    await migrateToLatest(services.database);
    const db = services.db;
    if (command === 'list') {
      const staff = await db.selectFrom('users').select('email').where('staff', '=', true).orderBy('email').execute();
      out(staff.length > 0 ? staff.map((row) => row.email).join('\n') : 'No operators yet.');
      return 0;
    }
    const changed = await setStaff(db, email!, command === 'grant');
    if (!changed) {
      out(`No account with the e-mail ${email}. The user must sign up first.`);
      return 1;
    }
    out(command === 'grant' ? `${changed.email} is now on the permit team (operator).` : `${changed.email} is no longer an operator.`);
    return 0;
  } finally {
    await closeServices(services);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runOperatorCommand(process.argv.slice(2));
}
