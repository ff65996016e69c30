/**
 * Operator CLI. Works with or without the server running: it opens the same database the app uses
 * (DATABASE_URL, or the embedded PostgreSQL, which it starts and stops itself when nobody runs it).
 * `gas` opens no database: it reads the gas keys' balances from the chains the app is configured with.
 *
 *   npm run --silent cli -- merchant create --name "Acme" [--evm-address 0x…] [--solana-address <base58>] [--currency USD] [--json]
 *   npm run --silent cli -- merchant list [--json]
 *   npm run --silent cli -- apikey create <merchantId> [--name <label>] [--json]
 *   npm run --silent cli -- apikey revoke <keyId>
 *   npm run --silent cli -- user create <merchantId> --email <email> (--password-stdin | --password <p>) [--json]
 *   npm run --silent cli -- user list [<merchantId>] [--json]
 *   npm run --silent cli -- user disable|enable|delete <userId|email>
 *   npm run --silent cli -- user reset-password <userId|email> [--json]     # prints a single-use link (1 hour)
 *   npm run --silent cli -- user sessions <userId|email> [--revoke] [--json]
 *   npm run --silent cli -- gas [--json]
 *   npm run --silent cli -- fees [--json]
 *   npm run --silent cli -- partner create --name "Acme Platform" [--json]
 *   npm run --silent cli -- partner add-key <partnerId> [--json]
 *   npm run --silent cli -- partner revoke-key <keyId>
 *   npm run --silent cli -- backup --out <file>                 # pg_dump -Fc of the configured database
 *   npm run --silent cli -- restore <file> [--clean]            # pg_restore into it (empty, or --clean)
 *   npm run --silent cli -- keystore create --chain evm|solana --out <file> --passphrase-file <file> [--generate]
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { closeDb, getDb } from "@/db/client";
import { runCommand, UsageError } from "./cli/commands";

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: {
      name: { type: "string" },
      "evm-address": { type: "string" },
      "solana-address": { type: "string" },
      currency: { type: "string" },
      email: { type: "string" },
      password: { type: "string" },
      "password-stdin": { type: "boolean", default: false },
      json: { type: "boolean", default: false },
      revoke: { type: "boolean", default: false },
      out: { type: "string" },
      clean: { type: "boolean", default: false },
      chain: { type: "string" },
      "passphrase-file": { type: "string" },
      generate: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help || positionals.length === 0) throw new UsageError("");
  // A password on the command line lands in shell history and `ps`; stdin is the safe way.
  if (values["password-stdin"]) values.password = (await readStdin()).replace(/\r?\n$/, "");
  // Read only by `keystore create` without --generate: a key piped in never shows in argv or history.
  const result = await runCommand(getDb, positionals, { ...values, stdin: () => readFileSync(0, "utf8") });
  const { output, exitCode } = typeof result === "string" ? { output: result, exitCode: 0 } : result;
  process.stdout.write(`${output}\n`);
  return exitCode;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

main()
  .catch((err: unknown) => {
    if (err instanceof UsageError) {
      if (err.message) process.stderr.write(`error: ${err.message}\n`);
      if (!err.message || err.message.startsWith("unknown command")) process.stderr.write(`\n${USAGE}`);
      return err.message ? 2 : 0;
    }
    process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  })
  .then(async (code) => {
    await closeDb();
    process.exit(code);
  });

const USAGE = `usage:
  cli merchant create --name <name> [--evm-address 0x…] [--solana-address <base58>] [--currency USD] [--json]
  cli merchant list [--json]
  cli apikey create <merchantId> [--name <label>] [--json]
  cli apikey revoke <keyId>
  cli user create <merchantId> --email <email> (--password-stdin | --password <p>) [--json]
  cli user list [<merchantId>] [--json]
  cli user disable|enable|delete <userId|email>
  cli user reset-password <userId|email> [--json]
  cli user sessions <userId|email> [--revoke] [--json]
  cli gas [--json]
  cli fees [--json]
  cli partner create --name <name> [--json]
  cli partner add-key <partnerId> [--json]
  cli partner revoke-key <keyId>
  cli backup --out <file>
  cli restore <file> [--clean]
  cli keystore create --chain evm|solana --out <file> --passphrase-file <file> [--generate]   (key on stdin unless --generate)
`;
