import path from "node:path";
import { removeInfoFile, writeInfoFile, type DevnetInfo } from "./devnet-info";
import { startAnvil, type AnvilHandle } from "./evm/anvil-process";
import { deployPriceFeeds } from "./evm/deploy-price-feeds";
import { deployTokens } from "./evm/deploy-tokens";
import { BUYER_COUNT, evmAccounts } from "./evm/evm-accounts";
import { PROJECT_ROOT } from "./paths";
import { claimPort } from "./ports";
import { startSolana, type SolanaDevnet } from "./solana/start-solana";

export type * from "./devnet-info";
export { DEFAULT_INFO_FILE } from "./paths";
export { DEVNET_PRICES } from "./evm/deploy-price-feeds";

export const EVM_CHAIN_ID = 31337;

export interface StartDevnetOptions {
  /** anvil's port; default 8545; 0 picks a free one. */
  evmPort?: number;
  /** Solana JSON-RPC port (pubsub on port + 1); default 8899; 0 picks a free pair. */
  solanaPort?: number;
  /**
   * Where to write the DevnetInfo JSON (relative paths from the project root). Default: no file,
   * so an in-process devnet in a test never overwrites the one `npm run devnet` advertises.
   */
  file?: string;
  /** No console output. */
  quiet?: boolean;
  /** Milliseconds per Solana slot; default 400 like mainnet (blockhashes live 150 slots). */
  slotMs?: number;
}

export interface Devnet {
  info: DevnetInfo;
  /** Pid of the anvil process, for checks that nothing outlives stop(). */
  anvilPid: number;
  /** Stops both chains and removes the info file. Safe to call more than once. */
  stop(): Promise<void>;
}

/** Starts anvil (with USDC/USDT and the price feeds deployed) and the LiteSVM-backed Solana RPC, both on 127.0.0.1. */
export async function startDevnet(opts: StartDevnetOptions = {}): Promise<Devnet> {
  const file = opts.file === undefined ? undefined : path.resolve(PROJECT_ROOT, opts.file);
  const log = opts.quiet ? () => {} : (line: string) => console.log(line);
  let anvil: AnvilHandle | undefined;
  let solana: SolanaDevnet | undefined;
  const onExit = () => file && removeInfoFile(file);
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      process.off("exit", onExit);
      if (file) removeInfoFile(file);
      await Promise.all([solana?.stop(), anvil?.stop()]);
    })());

  try {
    const accounts = evmAccounts();
    const evmPort = await claimPort(opts.evmPort ?? 8545, "EVM (anvil)");
    const solanaPort = opts.solanaPort ?? 8899;
    // Port 0 is resolved by the RPC server itself (it needs a free pair), so only check fixed ones.
    if (solanaPort !== 0) {
      await claimPort(solanaPort, "Solana RPC");
      await claimPort(solanaPort + 1, "Solana pubsub");
    }
    // The chains are independent: start them side by side. allSettled, not all: if one fails,
    // the other must have finished starting before stop() can shut it down.
    const [evm, sol] = await Promise.allSettled([
      startAnvil(evmPort, EVM_CHAIN_ID).then((handle) => {
        anvil = handle;
        // Different keys, so the tokens and the price feeds deploy side by side with stable addresses.
        return Promise.all([
          deployTokens(handle.rpcUrl, EVM_CHAIN_ID, accounts),
          deployPriceFeeds(handle.rpcUrl, EVM_CHAIN_ID, accounts.oracle),
        ]);
      }),
      startSolana({ port: solanaPort, buyerCount: BUYER_COUNT, slotMs: opts.slotMs ?? 400 }).then((s) => {
        solana = s;
      }),
    ]);
    if (evm.status === "rejected") throw evm.reason;
    if (sol.status === "rejected") throw sol.reason;
    const [evmTokens, priceFeeds] = evm.value;
    if (!anvil || !solana) throw new Error("devnet start-up did not complete");
    const info: DevnetInfo = {
      evm: {
        chainId: `eip155:${EVM_CHAIN_ID}`,
        chainIdNumber: EVM_CHAIN_ID,
        rpcUrl: anvil.rpcUrl,
        tokens: evmTokens,
        priceFeeds,
        buyers: accounts.buyers,
        relayer: accounts.relayer,
        merchant: { address: accounts.merchant.address },
        deployer: accounts.deployer,
        oracle: accounts.oracle,
      },
      solana: solana.info,
      pid: process.pid,
      startedAt: new Date().toISOString(),
    };
    if (file) {
      writeInfoFile(file, info);
      process.on("exit", onExit); // a crash must not leave a file pointing at dead nodes
    }
    const tokens = (list: { symbol: string; address?: string; mint?: string }[]) =>
      list.map((t) => `${t.symbol} ${t.address ?? t.mint}`).join(", ");
    log(`evm    ${info.evm.chainId} ${info.evm.rpcUrl} ${tokens(info.evm.tokens)}`);
    log(`feeds  ${info.evm.priceFeeds.map((f) => `${f.pair} ${f.address}`).join(", ")}`);
    log(`solana ${info.solana.chainId} ${info.solana.rpcUrl} ${tokens(info.solana.tokens)}`);
    log(file ? `devnet ready: ${file}` : "devnet ready");
    return { info, anvilPid: anvil.pid, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
