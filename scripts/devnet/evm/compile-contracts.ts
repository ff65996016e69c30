import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Abi, Hex } from "viem";
import { CACHE_DIR, CONTRACTS_DIR } from "../paths";

export interface CompiledContract {
  abi: Abi;
  bytecode: Hex;
}
export interface CompiledTokens {
  DevToken: CompiledContract;
  TestUSDC: CompiledContract;
  TestAggregator: CompiledContract;
}

// cancun rather than solc's newest default: every EVM node a test might use (anvil, hardhat, forks)
// runs it, and the contracts need nothing newer.
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: "cancun",
  outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
};

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

/**
 * Compiles the devnet contracts (tokens, price feeds) with the bundled solc-js, or returns the cached artifact.
 * The cache key covers sources, compiler version and settings, so editing a .sol file is enough to
 * trigger a rebuild, and loading solc (~1 s) is skipped on every ordinary restart.
 */
export async function compileTokens(): Promise<CompiledTokens> {
  // Every .sol file goes in as a source under its bare name, so `import "./DevToken.sol"` resolves
  // without an import callback.
  const sources: Record<string, { content: string }> = {};
  for (const file of readdirSync(CONTRACTS_DIR)
    .filter((f) => f.endsWith(".sol"))
    .sort()) {
    sources[file] = { content: readFileSync(path.join(CONTRACTS_DIR, file), "utf8") };
  }
  const require = createRequire(import.meta.url);
  const solcVersion = (require("solc/package.json") as { version: string }).version;
  const key = createHash("sha256")
    .update(JSON.stringify({ sources, solcVersion, SETTINGS }))
    .digest("hex")
    .slice(0, 16);
  const cacheFile = path.join(CACHE_DIR, `tokens-${key}.json`);
  if (existsSync(cacheFile)) {
    return JSON.parse(readFileSync(cacheFile, "utf8")) as CompiledTokens;
  }

  const compiled = await runSolc(sources);
  mkdirSync(CACHE_DIR, { recursive: true });
  // Write then rename: two devnets starting at once must never read a half-written cache file.
  const tmp = `${cacheFile}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(compiled));
  renameSync(tmp, cacheFile);
  return compiled;
}

async function runSolc(sources: Record<string, { content: string }>): Promise<CompiledTokens> {
  // Imported lazily: soljson is large. Only compile() is used; loadRemoteVersion would download.
  const solc = (await import("solc")).default;
  const input = { language: "Solidity", sources, settings: SETTINGS };
  const output = JSON.parse(solc.compile(JSON.stringify(input)) as string) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) {
    throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join("\n")}`);
  }
  const pick = (name: string): CompiledContract => {
    const contract = output.contracts?.[`${name}.sol`]?.[name];
    if (!contract) throw new Error(`solc output lacks contract ${name}`);
    return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  };
  return { DevToken: pick("DevToken"), TestUSDC: pick("TestUSDC"), TestAggregator: pick("TestAggregator") };
}
