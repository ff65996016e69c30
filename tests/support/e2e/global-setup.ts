import { join } from "node:path";
import { startDevnet } from "@payment-service/devnet";
import { ROOT, startServer } from "../server";

/**
 * Real local chains on free ports and the production build using them through their RPC URLs.
 * Workers read the server's address from E2E_BASE_URL and the chains (buyer keys, tokens) from
 * the JSON file named by E2E_DEVNET_FILE.
 */
export default async function globalSetup() {
  const devnetFile = join(ROOT, ".devnet", "e2e-devnet.json");
  const devnet = await startDevnet({ evmPort: 0, solanaPort: 0, file: devnetFile, quiet: true });
  // Sign-up open: the dashboard specs sign up through the page.
  const server = await startServer(
    {
      DEVNET_FILE: devnetFile,
      WATCHER_INTERVAL_MS: "300",
      EXPIRY_JOB_INTERVAL_MS: "500",
      SIGN_UP: "open",
      WEBHOOK_ALLOW_PRIVATE: "true",
      WEBHOOK_RETRY_SCHEDULE: "1s,2s,4s",
    },
    "e2e",
  );
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DEVNET_FILE = devnetFile;
  return async () => {
    await server.stop();
    await devnet.stop();
  };
}
