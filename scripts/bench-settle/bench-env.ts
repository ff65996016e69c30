import { join } from "node:path";

/*
 * Imported first by run.ts. lib/env.ts reads process.env once, when first asked (lib/log asks on
 * import), and the watcher passes run lib/settlement in this process: from the devnet file alone it
 * finds the chains (direct, not through the app's proxies) and the gas keys. Nothing of the app's
 * own configuration may leak in from the shell.
 */
export const DEVNET_FILE = join(import.meta.dirname, "..", "..", ".devnet", `bench-settle-devnet-${process.pid}.json`);
process.env.DEVNET_FILE = DEVNET_FILE;
process.env.LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? "warn";
for (const name of ["NETWORKS_FILE", "EVM_RELAYER_PRIVATE_KEY", "SOLANA_FEE_PAYER_SECRET_KEY"])
  delete process.env[name];
