import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEVNET_PRICES, startDevnet, type Devnet } from "@payment-service/devnet";
import { evmTokenBalance } from "../support/balances";
import { createPaymentWith, gatewayAt, signWithDevnetBuyer } from "../support/devnet-buyer";
import { proxiedSetup, type ProxiedSetup } from "../support/proxied-servers";
import { movePrice } from "../support/price-feeds";
import { devnetFileOf, type RunningServer } from "../support/server";

// Feeds that move, go stale or lose their peg. Moving a feed on the suite's devnet would change the
// prices every other test pays at, so this file runs a devnet of its own and a server on a scratch
// database pointed at it, reading the feeds every 200 ms. Quotes hold 40 s and are reused for the
// first 10 s of that (a quote is handed out again only while it has 30 s left).

const DEVNET_FILE = devnetFileOf("prices-moves");
const REFRESH_MS = 200;
const STALE_S = 86_400 + 600; // past the devnet feeds' maxAgeSeconds (a day)

let devnet: Devnet;
let setup: ProxiedSetup;
let server: RunningServer;
// Reads of the price feeds reaching the chain: the deployless multicall is the only eth_call without a `to`.
let feedReads = 0;

beforeAll(async () => {
  devnet = await startDevnet({ evmPort: 0, solanaPort: 0, file: DEVNET_FILE, quiet: true });
  setup = await proxiedSetup("prices_moves", {
    devnetFile: DEVNET_FILE,
    evmTap: (call) => {
      if (call.method === "eth_call" && !(call.params[0] as { to?: string }).to) feedReads++;
    },
  });
  server = await setup.start("app", { PRICE_REFRESH_MS: String(REFRESH_MS), QUOTE_TTL_SECONDS: "40" });
});
// A test that fails half-way must not leave a moved feed for the next one.
afterEach(async () => {
  for (const [pair, price] of DEVNET_PRICES) await movePrice(devnet.info, { pair, price });
  await sleep(REFRESH_MS + 100);
});
afterAll(async () => {
  await setup?.close();
  await devnet?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Option = {
  id: string;
  account: string;
  amount: { value: string; display: { assetSymbol: string; networkName: string } };
};

async function payment(unit: string, value: string, at = server): Promise<string> {
  return (await createPaymentWith(at, setup.merchant, { amount: { unit, value }, referenceId: `moves-${Date.now()}` }))
    .paymentId;
}

async function optionsFor(paymentId: string, buyer: number, at = server): Promise<Option[]> {
  const { evm, solana } = devnet.info;
  const accounts = [
    `${evm.chainId}:${evm.buyers[buyer]!.address}`,
    `${solana.chainId}:${solana.buyers[buyer]!.publicKey}`,
  ];
  const res = await gatewayAt(at, { paymentId, path: "/options", body: { accounts } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { options: Option[] }).options;
}

const offered = (options: Option[]) =>
  options.map((o) => `${o.amount.display.assetSymbol}@${o.account.split(":")[0]}`).sort();

describe("live prices that move", () => {
  it("a stale EUR/USD removes the options of a EUR payment, and they come back once it is fresh", async () => {
    const eur = await payment("iso4217/EUR", "1000");
    expect(offered(await optionsFor(eur, 0))).toEqual([
      "ETH@eip155",
      "SOL@solana",
      "USDC@eip155",
      "USDC@solana",
      "USDT@eip155",
    ]);
    await movePrice(devnet.info, { pair: "EUR/USD", price: "1.0842", ageSeconds: STALE_S });
    await sleep(REFRESH_MS + 100);
    const fresh = await payment("iso4217/EUR", "1000");
    // ETH and SOL in EUR go through EUR/USD too (ETH/USD ÷ EUR/USD): nothing is offered.
    expect(offered(await optionsFor(fresh, 1))).toEqual([]);
    // A USD payment needs no EUR/USD: still offered.
    expect(offered(await optionsFor(await payment("iso4217/USD", "1000"), 1))).toEqual([
      "ETH@eip155",
      "SOL@solana",
      "USDC@eip155",
      "USDC@solana",
      "USDT@eip155",
    ]);
    await movePrice(devnet.info, { pair: "EUR/USD", price: "1.0842" });
    await sleep(REFRESH_MS + 100);
    expect(offered(await optionsFor(fresh, 1))).toEqual([
      "ETH@eip155",
      "SOL@solana",
      "USDC@eip155",
      "USDC@solana",
      "USDT@eip155",
    ]);
  });

  it("a moved price does not change an option already quoted until its quote runs out; the old quote still pays", async () => {
    const eur = await payment("iso4217/EUR", "1000");
    const signed = await signWithDevnetBuyer(server, {
      paymentId: eur,
      namespace: "eip155",
      symbol: "USDC",
      buyerIndex: 0,
      devnet: devnet.info,
    });
    const first = (await optionsFor(eur, 0)).find((o) => o.id === signed.optionId);
    expect(first?.amount.value, "the signed quote is handed out again").toBe("10842000");

    await movePrice(devnet.info, { pair: "EUR/USD", price: "1.2000" });
    await sleep(REFRESH_MS + 100);
    const again = (await optionsFor(eur, 0)).find(
      (o) => o.amount.display.assetSymbol === "USDC" && o.account.startsWith("eip155:"),
    )!;
    expect(again).toMatchObject({ id: signed.optionId, amount: { value: "10842000" } });
    // The move was seen: another buyer is quoted at 1.2000.
    const other = (await optionsFor(eur, 1)).find(
      (o) => o.amount.display.assetSymbol === "USDC" && o.account.startsWith("eip155:"),
    )!;
    expect(other.amount.value).toBe("12000000");

    // Past the reuse window the first buyer gets a new quote at the new price.
    await sleep(10_500);
    const renewed = (await optionsFor(eur, 0)).find(
      (o) => o.amount.display.assetSymbol === "USDC" && o.account.startsWith("eip155:"),
    )!;
    expect(renewed.id).not.toBe(signed.optionId);
    expect(renewed.amount.value).toBe("12000000");

    // The quote signed at the old price is still the merchant's price for it.
    const before = await evmTokenBalance("USDC", setup.merchant.evmAddress, devnet.info.evm);
    const confirm = await gatewayAt(server, {
      paymentId: eur,
      path: "/confirm",
      body: { optionId: signed.optionId, results: [signed.result] },
    });
    expect(confirm.status).toBe(200);
    let status = { status: "", isFinal: false };
    for (let i = 0; i < 100 && !status.isFinal; i++) {
      if (i > 0) await sleep(200);
      status = (await (await gatewayAt(server, { paymentId: eur, path: "/status" })).json()) as typeof status;
    }
    expect(status.status).toBe("succeeded");
    expect(await evmTokenBalance("USDC", setup.merchant.evmAddress, devnet.info.evm)).toBe(before + 10_842_000n);
  });

  it("a depegged USDC (USDC/USD 0.95) is not offered, even for a USD payment, on any network", async () => {
    await movePrice(devnet.info, { pair: "USDC/USD", price: "0.95" });
    await sleep(REFRESH_MS + 100);
    const usd = await payment("iso4217/USD", "1000");
    // USDT has no feed of its own here: still 1:1. ETH and SOL are priced by their own feeds.
    expect(offered(await optionsFor(usd, 2))).toEqual(["ETH@eip155", "SOL@solana", "USDT@eip155"]);
    await movePrice(devnet.info, { pair: "USDC/USD", price: "0.9950" });
    await sleep(REFRESH_MS + 100);
    // Within its 1% tolerance: 1:1 again.
    const options = await optionsFor(usd, 2);
    expect(offered(options)).toEqual(["ETH@eip155", "SOL@solana", "USDC@eip155", "USDC@solana", "USDT@eip155"]);
    expect(options.find((o) => o.amount.display.assetSymbol === "USDC")!.amount.value).toBe("10000000");
  });

  it("the feeds are read once per PRICE_REFRESH_MS for all payments, and requests at once share one read", async () => {
    const cached = await setup.start("cached", { PRICE_REFRESH_MS: "60000" });
    const payments = await Promise.all(
      Array.from({ length: 8 }, (_, i) => payment("iso4217/EUR", String(1000 + i), cached)),
    );
    feedReads = 0;
    const first = await Promise.all(payments.map((id, i) => optionsFor(id, i % 3, cached)));
    expect(first.every((options) => offered(options).includes("USDC@eip155"))).toBe(true);
    expect(feedReads).toBe(1);
    for (const id of payments) await optionsFor(id, 0, cached);
    expect(feedReads).toBe(1);
    await cached.stop();
  });
});
