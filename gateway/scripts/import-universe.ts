// npm run import-universe -w gateway -- <file.csv> --name "<Universe name>"
// npm runs this in gateway/; INIT_CWD is where the command was typed, so the file and a relative
// DATA_DIR resolve as the caller means them (./data is the gateway's default when started from the root).
import { importUniverseCommand } from '../src/universes/command';

process.exitCode = await importUniverseCommand(
  process.argv.slice(2),
  process.env,
  process.env.INIT_CWD ?? process.cwd(),
);
