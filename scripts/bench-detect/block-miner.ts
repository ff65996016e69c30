import { createTestClient, http, publicActions } from "viem";

export type BlockMiner = {
  /** When each block mined by the miner was first visible on the chain (performance.now() of this process). */
  minedAt: Map<bigint, number>;
  stop: () => Promise<void>;
};

/**
 * Blocks on a fixed beat, as a real chain makes them: anvil's automine is turned off (a transaction
 * waits in the pool for the next block) and the bench mines one block every `blockMs`, noting when
 * `evm_mine` returned, i.e. when the block and its transactions could first be read. That moment is
 * the T from which detection latency counts. Straight to anvil, not through the app's RPC proxy.
 */
export async function startBlockMiner(rpcUrl: string, blockMs: number): Promise<BlockMiner> {
  // cacheTime 0: viem otherwise answers eth_blockNumber from a cache for seconds.
  const chain = createTestClient({ mode: "anvil", transport: http(rpcUrl), cacheTime: 0 }).extend(publicActions);
  await chain.setAutomine(false);
  const minedAt = new Map<bigint, number>();
  let stopped = false;
  const started = performance.now();
  const loop = (async () => {
    for (let beat = 1; !stopped; beat++) {
      const wait = started + beat * blockMs - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (stopped) break;
      await chain.mine({ blocks: 1 });
      const at = performance.now();
      minedAt.set(await chain.getBlockNumber(), at);
    }
  })();
  return {
    minedAt,
    stop: async () => {
      stopped = true;
      await loop.catch(() => undefined);
      await chain.setAutomine(true).catch(() => undefined);
    },
  };
}
