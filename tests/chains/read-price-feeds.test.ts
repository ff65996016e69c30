import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devnetNetworks } from "@/lib/chains/devnet-networks";
import { readPriceFeeds } from "@/lib/chains/evm/read-price-feeds";
import type { NetworkConfig } from "@/lib/chains/network-config";
import { startRpcProxy, type RpcProxy } from "@payment-service/devnet/rpc-proxy";
import { startDevnet, type Devnet } from "@payment-service/devnet";

// The feed reader against a real anvil without Multicall3: every feed of the network in one eth_call.

let devnet: Devnet;
let proxy: RpcProxy;
let network: NetworkConfig;

beforeAll(async () => {
  devnet = await startDevnet({ evmPort: 0, solanaPort: 0, quiet: true });
  proxy = await startRpcProxy(devnet.info.evm.rpcUrl);
  const evm = devnetNetworks(devnet.info).find((n) => n.chainId.startsWith("eip155:"))!;
  network = { ...evm, rpcUrl: proxy.url };
});
afterAll(async () => {
  await proxy?.close();
  await devnet?.stop();
});

describe("reading price feeds", () => {
  it("reads all six devnet feeds in one eth_call, answers and rounds as deployed", async () => {
    proxy.resetCounts();
    const { readings, failures } = await readPriceFeeds(network);
    expect(failures).toEqual([]);
    expect(Object.fromEntries(proxy.counts)).toEqual({ eth_call: 1 });
    expect(readings.map((r) => [r.pair, r.answer, r.decimals])).toEqual([
      ["EUR/USD", 108_420_000n, 8],
      ["GBP/USD", 126_500_000n, 8],
      ["JPY/USD", 670_000n, 8],
      ["ETH/USD", 300_000_000_000n, 8],
      ["SOL/USD", 15_000_000_000n, 8],
      ["USDC/USD", 100_000_000n, 8],
    ]);
    for (const r of readings) expect(r.answeredInRound).toBe(r.roundId);
  });

  it("a feed that is not a contract fails alone; the others are still read", async () => {
    const broken = {
      ...network,
      priceFeeds: [
        ...network.priceFeeds!,
        { pair: "GBP/USD", address: "0x000000000000000000000000000000000000dEaD", maxAgeSeconds: 60 },
      ],
    };
    const { readings, failures } = await readPriceFeeds(broken);
    expect(readings).toHaveLength(6);
    expect(failures).toEqual([
      expect.objectContaining({ pair: "GBP/USD", address: "0x000000000000000000000000000000000000dEaD" }),
    ]);
  });
});
