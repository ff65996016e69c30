// `npm run devnet`: runs both local chains until Ctrl-C / SIGTERM, advertising them in .devnet/devnet.json.
// `npm run devnet -- set-price EUR/USD 1.0842 [--age-seconds N]`: moves a price feed of the running devnet.
import { DEFAULT_INFO_FILE, startDevnet } from "./index";
import { setPriceCommand } from "./set-price-command";

if (process.argv[2] === "set-price") {
  await setPriceCommand(process.argv.slice(3), process.env.DEVNET_FILE || DEFAULT_INFO_FILE).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}

function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`${name} must be a port number (0-65535), got "${raw}"`);
    process.exit(2);
  }
  return port;
}

const devnet = await startDevnet({
  evmPort: portFromEnv("DEVNET_EVM_PORT", 8545),
  solanaPort: portFromEnv("DEVNET_SOLANA_PORT", 8899),
  file: process.env.DEVNET_FILE || DEFAULT_INFO_FILE,
}).catch((error: unknown) => {
  console.error(`devnet failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) {
    // A second Ctrl-C while stopping: give up waiting. anvil's guard still ends it when we exit.
    process.exit(130);
  }
  stopping = true;
  console.log(`\n${signal}: stopping devnet`);
  devnet.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error("devnet did not stop cleanly:", error);
      process.exit(1);
    },
  );
};
process.on("SIGINT", () => shutdown("SIGINT"));
process.on("SIGTERM", () => shutdown("SIGTERM"));
