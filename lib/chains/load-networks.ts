import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { env } from "@/lib/env";
import { networksFileSchema, type NetworkConfig } from "./network-config";
import { devnetNetworks, readRunningDevnet } from "./devnet-networks";

let cached: NetworkConfig[] | undefined;

/**
 * The networks payments can be made on. NETWORKS_FILE when set (a production config); otherwise
 * the local devnet when `npm run devnet` runs; otherwise none. The service reaches chains only
 * through the RPC URLs named here.
 */
export function loadNetworks(): NetworkConfig[] {
  if (cached) return cached;
  const { NETWORKS_FILE, DEVNET_FILE } = env();
  if (NETWORKS_FILE) {
    const path = resolve(NETWORKS_FILE);
    if (!existsSync(path)) throw new Error(`NETWORKS_FILE ${path} does not exist`);
    const parsed = networksFileSchema.safeParse(JSON.parse(readFileSync(path, "utf8")));
    if (!parsed.success) {
      throw new Error(
        `NETWORKS_FILE ${path} is invalid:\n${parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n")}`,
      );
    }
    cached = parsed.data.networks;
    return cached;
  }
  const devnet = readRunningDevnet(resolve(DEVNET_FILE));
  // Not cached while empty: a devnet started after the app is picked up on the next call.
  if (!devnet) return [];
  cached = devnetNetworks(devnet);
  return cached;
}
