import type { TestProject } from "vitest/node";
import { startDevnet, type DevnetInfo } from "@payment-service/devnet";
import { testDatabaseUrl } from "./database-url";
import { buildCliBundle } from "./run-cli";
import { devnetFileOf, startServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    serverLog: string;
    databaseUrl: string;
    devnet: DevnetInfo;
  }
}

/**
 * For the integration suite: real local chains (anvil + LiteSVM behind JSON-RPC) on free ports,
 * and one production server that uses them through their RPC URLs, as it would mainnet's.
 */
export default async function setup(project: TestProject) {
  // The operator CLI the tests run, bundled from the sources under test (tests/support/run-cli.ts).
  buildCliBundle();
  const devnetFile = devnetFileOf("test");
  const devnet = await startDevnet({ evmPort: 0, solanaPort: 0, file: devnetFile, quiet: true });
  // Sign-up open: the dashboard tests make their merchants through it (closed is tested on a server of its own).
  const server = await startServer(
    {
      EXPIRY_JOB_INTERVAL_MS: "500",
      WATCHER_INTERVAL_MS: "300",
      LEDGER_SCAN_INTERVAL_MS: "300",
      DEVNET_FILE: devnetFile,
      SIGN_UP: "open",
      WEBHOOK_ALLOW_PRIVATE: "true",
      WEBHOOK_RETRY_SCHEDULE: "1s,2s,4s",
    },
    "integration",
  );
  project.provide("baseUrl", server.url);
  project.provide("serverLog", server.logFile);
  project.provide("databaseUrl", testDatabaseUrl());
  project.provide("devnet", JSON.parse(JSON.stringify(devnet.info)) as DevnetInfo);
  return async () => {
    await server.stop();
    await devnet.stop();
  };
}
