// npm run admin:create -- --email ops@example.com [--first-name Ada] [--last-name Ops]
// Creates (or promotes) a system admin in the database of the gateway's configuration
// (DATABASE_URL, else PGlite under DATA_DIR). The password is typed on the terminal, never echoed.
import { adminCreateCommand } from '../src/admin/command';
import { terminalSecretReader } from '../src/admin/secret';

const reader = terminalSecretReader();
try {
  process.exitCode = await adminCreateCommand(
    process.argv.slice(2),
    process.env,
    process.env.INIT_CWD ?? process.cwd(),
    reader.read,
  );
} finally {
  reader.close();
}
