// pnpm --filter @permitdesk/server operator -- grant <email> [--admin]   (or: revoke <email>, list)
// Gives a role on the permit team to an existing account (operator, or service admin with --admin), takes
// it back, or lists the team with roles, in the configured database. Each change is an audit entry
// (entity 'role') signed by the system, as the UI's are by the service admin.
import { SYSTEM_ACTOR } from '../audit/audit.js';
import { closeServices, createServices } from '../services.js';
import { loadConfig } from '../config.js';
import { migrateToLatest } from '../db/migrate.js';
import { inTransaction } from '../db/transaction.js';
import { HttpError } from '../http/errors.js';
import { changeTeamRole, listTeam } from '../team/team.js';

const USAGE = 'Usage: pnpm --filter @permitdesk/server operator -- grant <email> [--admin] | revoke <email> | list';
const ROLE_WORDS = { operator: 'operator', service_admin: 'service admin' } as const;

export async function runOperatorCommand(args: readonly string[], out: (line: string) => void = console.log): Promise<number> {
  const words = args.filter((arg) => arg !== '--');
  const admin = words.includes('--admin');
  const [command, email, ...rest] = words.filter((arg) => arg !== '--admin');
  const valid =
    command !== undefined &&
    ['grant', 'revoke', 'list'].includes(command) &&
    (command === 'list' ? email === undefined : email !== undefined) &&
    rest.length === 0 &&
    (!admin || command === 'grant');
  if (!valid) {
    out(USAGE);
    return 2;
  }
  const services = await createServices(loadConfig());
  try {
    await migrateToLatest(services.database);
    const db = services.db;
    if (command === 'list') {
      const team = await listTeam(db);
      out(team.length > 0 ? team.map((member) => `${member.email}\t${ROLE_WORDS[member.role]}`).join('\n') : 'No operators yet.');
      return 0;
    }
    const role = command === 'grant' ? (admin ? 'service_admin' : 'operator') : null;
    try {
      const changed = await inTransaction(db, (trx) => changeTeamRole(trx, SYSTEM_ACTOR, email!, role));
      out(role === null ? `${changed.email} is no longer on the permit team.` : `${changed.email} is now on the permit team (${ROLE_WORDS[role]}).`);
      return 0;
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) {
        out(`No account with the e-mail ${email}. The user must sign up first.`);
        return 1;
      }
      throw error;
    }
  } finally {
    await closeServices(services);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runOperatorCommand(process.argv.slice(2));
}
