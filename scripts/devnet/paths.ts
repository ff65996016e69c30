import path from "node:path";
import { fileURLToPath } from "node:url";

// Resolved from this file, not from process.cwd(), so the devnet behaves the same whether it is
// started by `npm run devnet`, by a test runner in another folder, or by the demo script.
const HERE = path.dirname(fileURLToPath(import.meta.url));

export const PROJECT_ROOT = path.resolve(HERE, "..", "..");
export const DEVNET_DIR = path.join(PROJECT_ROOT, ".devnet");
export const CACHE_DIR = path.join(DEVNET_DIR, "cache");
export const DEFAULT_INFO_FILE = path.join(DEVNET_DIR, "devnet.json");
export const CONTRACTS_DIR = path.join(HERE, "contracts");
