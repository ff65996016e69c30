import { describe, expect, it } from "vitest";
import type { paymentOptions } from "@/db/schema";
import type { NetworkConfig, TokenConfig } from "@/lib/chains/network-config";
import type { Offer } from "@/lib/gateway/claim-option-rows";
import { planOptionRows } from "@/lib/gateway/plan-option-rows";

type OptionRow = typeof paymentOptions.$inferSelect;

const NOW = new Date("2026-11-26T12:00:00Z");
const QUOTE_EXPIRES = new Date(NOW.getTime() + 300_000);
const PER_CLIENT = 4;
const CHAIN = "eip155:1";
const USDC = `${CHAIN}/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48`;

const offer = (account: string): Offer => ({
  account: { id: `${CHAIN}:${account}` } as Offer["account"],
  network: { chainId: CHAIN } as NetworkConfig,
  token: { caip19: USDC } as TokenConfig,
  method: "erc20_transfer",
  recipient: "0xmerchant",
  amount: 1_000_000n,
  price: { num: 1n, den: 1n, currency: "USD" },
});

let n = 0;
const row = (account: string, client: string | null, expiresInMs = 200_000): OptionRow =>
  ({
    id: `opt_${n++}`,
    account: `${CHAIN}:${account}`,
    chainId: CHAIN,
    tokenCaip19: USDC,
    method: "erc20_transfer",
    recipient: "0xmerchant",
    expiresAt: new Date(NOW.getTime() + expiresInMs),
    createdAt: new Date(NOW.getTime() - 1_000),
    clientNetwork: client,
    requestKind: null,
  }) as OptionRow;

const plan = (live: OptionRow[], offers: Offer[], client = "198.51.100.7") =>
  planOptionRows({ live, offers, client, perClient: PER_CLIENT, quoteExpiresAt: QUOTE_EXPIRES, now: NOW });

describe("which quotes a payment stores for a client", () => {
  it("reuses a live quote of the same account and token, from whichever client asked for it", () => {
    const stored = row("0xbuyer", "203.0.113.9");
    expect(plan([stored], [offer("0xbuyer")])).toEqual({ ok: true, steps: [{ reuse: stored }] });
  });

  it("a quote about to run out is not reused: a new row", () => {
    const result = plan([row("0xbuyer", "198.51.100.7", 10_000)], [offer("0xbuyer")]);
    expect(result).toEqual({ ok: true, steps: [{ offer: offer("0xbuyer") }] });
  });

  it("a client that already holds its share of live quotes is refused a new one; reuse still works", () => {
    const mine = ["0x1", "0x2", "0x3", "0x4"].map((a) => row(a, "198.51.100.7"));
    expect(plan(mine, [offer("0x5")])).toEqual({ ok: false });
    expect(plan(mine, [offer("0x1")]).ok).toBe(true);
  });

  it("other clients' quotes never use up this client's share (a stranger inventing accounts)", () => {
    const theirs = ["0x1", "0x2", "0x3", "0x4"].map((a) => row(a, "2001:db8:1:2::/64"));
    expect(plan(theirs, [offer("0xbuyer")]).ok).toBe(true);
  });

  it("however many clients hold quotes, a new client is served (no bound for the payment as a whole)", () => {
    const crowd = Array.from({ length: 600 }, (_, i) => row(`0x${i}`, `2001:db8:${i.toString(16)}::/64`));
    expect(plan(crowd, [offer("0xbuyer")]).ok).toBe(true);
  });

  it("several new quotes in one call must all fit", () => {
    const mine = ["0x1", "0x2", "0x3"].map((a) => row(a, "198.51.100.7"));
    expect(plan(mine, [offer("0x4")]).ok).toBe(true);
    expect(plan(mine, [offer("0x4"), offer("0x5")])).toEqual({ ok: false });
  });
});
