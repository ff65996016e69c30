// Smoke check of the devnet: `npx tsx scripts/devnet/smoke.ts`. Starts a devnet on free ports,
// pays on both chains through the public RPC URLs only, stops it and checks nothing is left running.
import { isAlive } from "./evm/anvil-process";
import { startDevnet, type Devnet } from "./index";
import { smokeEvm } from "./smoke-evm";
import { smokeFeeds } from "./smoke-feeds";
import { smokeSolana } from "./smoke-solana";

const started = performance.now();
let last = started;
const lines: string[] = [];
const step = (name: string) => {
  const now = performance.now();
  lines.push(`  ok ${name} (${Math.round(now - last)} ms)`);
  last = now;
};

let devnet: Devnet | undefined;
let failure: unknown;
try {
  devnet = await startDevnet({ evmPort: 0, solanaPort: 0, quiet: true });
  step(`devnet started: ${devnet.info.evm.rpcUrl}, ${devnet.info.solana.rpcUrl}`);
  await smokeEvm(devnet.info.evm, step);
  await smokeFeeds(devnet.info.evm, step);
  await smokeSolana(devnet.info.solana, step);
} catch (error) {
  failure = error;
}

if (devnet) {
  const { anvilPid, info } = devnet;
  await devnet.stop();
  const solanaStillUp = await fetch(info.solana.rpcUrl).then(
    () => true,
    () => false,
  );
  if (isAlive(anvilPid)) failure ??= new Error(`anvil (pid ${anvilPid}) is still running after stop()`);
  if (solanaStillUp) failure ??= new Error("the Solana RPC still answers after stop()");
  if (!failure) step("devnet stopped, no anvil process left");
}

console.log(lines.join("\n"));
if (failure) {
  console.error(
    `devnet smoke FAILED: ${failure instanceof Error ? (failure.stack ?? failure.message) : String(failure)}`,
  );
  process.exit(1);
}
console.log(`devnet smoke passed in ${Math.round(performance.now() - started)} ms`);
// web3.js keeps a WebSocket reconnect timer around; nothing else is pending, so leave now.
process.exit(0);
