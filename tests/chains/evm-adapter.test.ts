import { randomBytes } from "node:crypto";
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  hexToBigInt,
  http,
  parseAbi,
  toHex,
  type Address,
  type Hex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ChainRpcError,
  ChainVerificationError,
  type Tracked,
  type TransferIntent,
  type WalletRpcAction,
} from "@/lib/chains/chain-adapter";
import { createEvmAdapter } from "@/lib/chains/evm/evm-adapter";
import { localEvmSigner } from "@/lib/chains/signers/local-signers";
import type { NetworkConfig, TokenConfig } from "@/lib/chains/network-config";
import { startRpcProxy } from "@payment-service/devnet/rpc-proxy";
import { submit } from "./submit";
import { startDevnet, type Devnet, type EvmInfo, type EvmKey } from "@payment-service/devnet";

// The adapter against a real anvil with the devnet's USDC (EIP-3009) and USDT (plain ERC-20).
// Wallet results are produced the way a wallet would: viem local accounts signing the very
// params the adapter handed out. Every check ends on chain balances.

const TOKEN_ABI = parseAbi([
  "function balanceOf(address owner) view returns (uint256)",
  "function transfer(address to, uint256 value) returns (bool)",
]);

let devnet: Devnet;
let evm: EvmInfo;
let network: NetworkConfig;
let usdc: TokenConfig;
let usdt: TokenConfig;
let buyer: EvmKey;
let otherBuyer: EvmKey;
let thirdBuyer: EvmKey;
let merchant: Address;
let adapter: ReturnType<typeof createEvmAdapter>;

const client = () => createPublicClient({ transport: http(evm.rpcUrl), cacheTime: 0 });
const walletOf = (key: EvmKey) =>
  createWalletClient({ account: privateKeyToAccount(key.privateKey), transport: http(evm.rpcUrl) });
const tokenAddress = (token: TokenConfig) => token.caip19.split(":").pop() as Address;
const balanceOf = (token: TokenConfig, owner: Address) =>
  client().readContract({ address: tokenAddress(token), abi: TOKEN_ABI, functionName: "balanceOf", args: [owner] });
const relayerNonce = () => client().getTransactionCount({ address: evm.relayer.address });
const reference = () => toHex(randomBytes(32));
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

beforeAll(async () => {
  devnet = await startDevnet({ evmPort: 0, solanaPort: 0, quiet: true });
  evm = devnet.info.evm;
  const tokens = evm.tokens.map((t) => ({
    caip19: `${evm.chainId}/erc20:${t.address}`,
    symbol: t.symbol,
    name: t.name,
    decimals: t.decimals,
    eip3009: t.eip3009,
  }));
  network = { chainId: evm.chainId, name: "anvil", rpcUrl: evm.rpcUrl, confirmations: 1, tokens };
  usdc = tokens.find((t) => t.symbol === "USDC" && t.eip3009)!;
  usdt = tokens.find((t) => t.symbol === "USDT" && !t.eip3009)!;
  [buyer, otherBuyer, thirdBuyer] = evm.buyers as [EvmKey, EvmKey, EvmKey];
  merchant = evm.merchant.address;
  adapter = createEvmAdapter({ relayer: localEvmSigner(evm.relayer.privateKey) });
});

afterAll(async () => {
  await devnet?.stop();
});

function intent(fields: Partial<TransferIntent> & Pick<TransferIntent, "amount">): TransferIntent {
  const token = fields.token ?? (fields.method === "erc20_transfer" ? usdt : usdc);
  return {
    network,
    token,
    method: token.eip3009 ? "eip3009" : "erc20_transfer",
    payer: buyer.address,
    recipient: merchant,
    reference: reference(),
    validBefore: inAnHour(),
    ...fields,
  };
}

async function onlyAction(i: TransferIntent): Promise<WalletRpcAction> {
  const actions = await adapter.actionsFor(i);
  expect(actions).toHaveLength(1);
  const [action] = actions;
  if (action?.type !== "walletRpc") throw new Error("expected a walletRpc action");
  return action;
}

/** What a wallet does with eth_signTypedData_v4: parse the JSON text, sign it (optionally tampered with). */
async function signTypedDataAs(
  key: EvmKey,
  action: WalletRpcAction,
  tamper: (message: Record<string, string>) => void = () => {},
): Promise<Hex> {
  expect(action.method).toBe("eth_signTypedData_v4");
  const typedData = JSON.parse(action.params[1] as string);
  tamper(typedData.message);
  return privateKeyToAccount(key.privateKey).signTypedData(typedData);
}

/** What a wallet does with eth_sendTransaction: send the params' transaction from its account. */
async function sendAs(key: EvmKey, action: WalletRpcAction): Promise<Hex> {
  expect(action.method).toBe("eth_sendTransaction");
  const tx = action.params[0] as { from: Address; to: Address; data: Hex; value: Hex };
  expect(tx.from.toLowerCase()).toBe(key.address.toLowerCase());
  const hash = await walletOf(key).sendTransaction({
    chain: null,
    to: tx.to,
    data: tx.data,
    value: hexToBigInt(tx.value),
  });
  await client().waitForTransactionReceipt({ hash, pollingInterval: 20 });
  return hash;
}

/** A transfer sent by a wallet on its own, outside any action (for results that must be refused). */
async function transferAs(
  key: EvmKey,
  {
    token,
    to,
    amount,
    gas,
    reference,
  }: { token: TokenConfig; to: Address; amount: bigint; gas?: bigint; reference?: Hex },
): Promise<Hex> {
  const data =
    encodeFunctionData({ abi: TOKEN_ABI, functionName: "transfer", args: [to, amount] }) + (reference?.slice(2) ?? "");
  const hash = await walletOf(key).sendTransaction({ chain: null, to: tokenAddress(token), data: data as Hex, gas });
  await client().waitForTransactionReceipt({ hash, pollingInterval: 20 });
  return hash;
}

async function observeSettled(i: TransferIntent, submitted: Tracked, notBefore: Date) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const observation = await adapter.observe(i, { ...submitted, notBefore });
    if (observation.state !== "pending") return observation;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("still pending");
}

async function anvil(method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(evm.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: unknown };
  if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
  return body.result;
}

/** anvil_mine: blocks on top of the current one, for confirmation depth. */
const mine = (blocks: number) => createTestClient({ mode: "anvil", transport: http(evm.rpcUrl) }).mine({ blocks });

/** Refused with ChainVerificationError, and the relayer sent nothing. */
async function expectRefused(run: () => Promise<unknown>, message: RegExp) {
  const nonce = await relayerNonce();
  await expect(run()).rejects.toSatisfy(
    (error) => error instanceof ChainVerificationError && message.test(error.message),
  );
  expect(await relayerNonce()).toBe(nonce);
}

describe("EVM adapter: EIP-3009 (USDC)", () => {
  it("offers one typed-data signature, relays it with the relayer's gas and confirms the exact transfer", async () => {
    const notBefore = new Date();
    const i = intent({ amount: 12_340_000n });
    const action = await onlyAction(i);
    expect(action.chainId).toBe("eip155:31337");
    expect(action.params[0]).toBe(buyer.address);
    const typedData = JSON.parse(action.params[1] as string);
    expect(typedData.primaryType).toBe("TransferWithAuthorization");
    expect(typedData.domain).toEqual({
      name: "USD Coin",
      version: "2",
      chainId: 31337,
      verifyingContract: tokenAddress(usdc),
    });
    expect(typedData.message).toEqual({
      from: buyer.address,
      to: merchant,
      value: "12340000",
      validAfter: "0",
      validBefore: String(i.validBefore),
      nonce: i.reference,
    });

    const [merchantBefore, buyerUsdcBefore, buyerEthBefore, nonceBefore] = await Promise.all([
      balanceOf(usdc, merchant),
      balanceOf(usdc, buyer.address),
      client().getBalance({ address: buyer.address }),
      relayerNonce(),
    ]);
    const submitted = await submit(adapter, {
      intent: i,
      results: [await signTypedDataAs(buyer, action)],
      context: { notBefore },
    });
    expect(submitted.txHashes[0]).toMatch(/^0x[0-9a-f]{64}$/);
    // Anvil mines the relay at once, but its receipt may trail the send's answer on a loaded machine (CI once).
    const relayed = await client().waitForTransactionReceipt({
      hash: submitted.txHashes[0] as `0x${string}`,
      pollingInterval: 20,
      timeout: 10_000,
    });
    // The relayer's gas is reported as the service's fee for this transfer, to the wei.
    const fees = [
      { kind: "network_fee", txHash: submitted.txHashes[0], amount: relayed.gasUsed * relayed.effectiveGasPrice },
    ];
    const seen = await observeSettled(i, submitted, notBefore);
    expect(seen).toEqual({
      state: "confirmed",
      txHash: submitted.txHashes[0],
      confirmations: 1,
      fees,
      transfer: expect.objectContaining({ txHash: submitted.txHashes[0], amount: 12_340_000n }),
    });
    // The transfer the watcher reports is the one the ledger's scan records for that transaction (same
    // key, block, sender, amount): the watcher records it, and the scan leaves it unread.
    const scanned = await adapter.scanBlocks!(
      network,
      { from: relayed.blockNumber, to: relayed.blockNumber },
      { recipients: [merchant], native: false },
    );
    expect(scanned).toHaveLength(1);
    const observed = seen.state === "confirmed" ? seen.transfer! : undefined;
    expect({ ...observed, references: [] }).toEqual({ ...scanned[0], references: [] });
    // Both carry the authorization's nonce, the option's reference, which binds it to the payment.
    expect(observed?.references).toEqual([i.reference]);
    expect(scanned[0]!.references).toContain(i.reference);

    expect(await balanceOf(usdc, merchant)).toBe(merchantBefore + 12_340_000n);
    expect(await balanceOf(usdc, buyer.address)).toBe(buyerUsdcBefore - 12_340_000n);
    expect(await client().getBalance({ address: buyer.address })).toBe(buyerEthBefore); // gasless for the buyer
    expect(await relayerNonce()).toBe(nonceBefore + 1);
    const tx = await client().getTransaction({ hash: submitted.txHashes[0] as Hex });
    expect(tx.from.toLowerCase()).toBe(evm.relayer.address.toLowerCase());
  });

  it("refuses a signature by another account, or over another amount or recipient, sending nothing", async () => {
    const i = intent({ amount: 7_000_000n });
    const action = await onlyAction(i);
    const before = await balanceOf(usdc, merchant);
    const notBefore = new Date();
    await expectRefused(
      async () =>
        submit(adapter, { intent: i, results: [await signTypedDataAs(otherBuyer, action)], context: { notBefore } }),
      /not the payer's/,
    );
    const moreValue = await signTypedDataAs(buyer, action, (m) => (m.value = "7000001"));
    await expectRefused(
      async () => submit(adapter, { intent: i, results: [moreValue], context: { notBefore } }),
      /not the payer's/,
    );
    const elsewhere = await signTypedDataAs(buyer, action, (m) => (m.to = thirdBuyer.address));
    await expectRefused(
      async () => submit(adapter, { intent: i, results: [elsewhere], context: { notBefore } }),
      /not the payer's/,
    );
    // The genuine signature, offered for a different amount than it was made for.
    const genuine = await signTypedDataAs(buyer, action);
    await expectRefused(
      async () => submit(adapter, { intent: { ...i, amount: 7_000_001n }, results: [genuine], context: { notBefore } }),
      /not the payer's/,
    );
    await expectRefused(
      async () =>
        submit(adapter, {
          intent: { ...i, recipient: thirdBuyer.address },
          results: [genuine],
          context: { notBefore },
        }),
      /not the payer's/,
    );
    await expectRefused(
      async () => submit(adapter, { intent: i, results: ["0x1234"], context: { notBefore } }),
      /not a 65-byte signature/,
    );
    expect(await balanceOf(usdc, merchant)).toBe(before);
    expect(await balanceOf(usdc, thirdBuyer.address)).toBe(1_000_000n * 10n ** 6n);
  });

  it("refuses a replayed authorization: the second submit of the same signature sends nothing", async () => {
    const notBefore = new Date();
    const i = intent({ amount: 3_000_000n });
    const signature = await signTypedDataAs(buyer, await onlyAction(i));
    const before = await balanceOf(usdc, merchant);
    const submitted = await submit(adapter, { intent: i, results: [signature], context: { notBefore } });
    expect((await observeSettled(i, submitted, notBefore)).state).toBe("confirmed");
    await expectRefused(
      async () => submit(adapter, { intent: i, results: [signature], context: { notBefore } }),
      /authorization already used/,
    );
    expect(await balanceOf(usdc, merchant)).toBe(before + 3_000_000n);
  });

  it("refuses an expiring authorization, an unfunded payer and a malleated signature the token rejects", async () => {
    const notBefore = new Date();
    const before = await balanceOf(usdc, merchant);
    const expiring = intent({ amount: 1_000_000n, validBefore: Math.floor(Date.now() / 1000) + 5 });
    await expectRefused(
      async () =>
        submit(adapter, {
          intent: expiring,
          results: [await signTypedDataAs(buyer, await onlyAction(expiring))],
          context: { notBefore },
        }),
      /expired/,
    );

    const tooMuch = intent({ amount: 2_000_000n * 10n ** 6n });
    await expectRefused(
      async () =>
        submit(adapter, {
          intent: tooMuch,
          results: [await signTypedDataAs(buyer, await onlyAction(tooMuch))],
          context: { notBefore },
        }),
      /insufficient USDC balance/,
    );

    // (r, n - s) with the other parity recovers to the same signer; FiatToken refuses high s.
    const i = intent({ amount: 1_000_000n });
    const signature = await signTypedDataAs(buyer, await onlyAction(i));
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const highS = toHex(n - hexToBigInt(`0x${signature.slice(66, 130)}`), { size: 32 }).slice(2);
    const twin = `${signature.slice(0, 66)}${highS}${signature.endsWith("1b") ? "1c" : "1b"}`;
    await expectRefused(
      async () => submit(adapter, { intent: i, results: [twin], context: { notBefore } }),
      /would revert: .*invalid signature 's' value/,
    );
    expect(await balanceOf(usdc, merchant)).toBe(before);
  });

  it("refuses a token whose EIP-712 domain cannot be confirmed against DOMAIN_SEPARATOR()", async () => {
    const fake = { ...usdt, eip3009: true };
    await expect(adapter.actionsFor(intent({ token: fake, method: "eip3009", amount: 1n }))).rejects.toSatisfy(
      (e) => e instanceof ChainRpcError && /DOMAIN_SEPARATOR/.test(e.message),
    );
  });
});

describe("EVM adapter: ERC-20 transfer (USDT)", () => {
  it("offers one eth_sendTransaction, checks the wallet's hash and confirms the transfer", async () => {
    const notBefore = new Date();
    const i = intent({ method: "erc20_transfer", amount: 25_500_000n });
    const action = await onlyAction(i);
    expect(action.params).toEqual([
      { from: buyer.address, to: tokenAddress(usdt), data: expect.stringMatching(/^0xa9059cbb/), value: "0x0" },
    ]);
    const before = await balanceOf(usdt, merchant);
    const hash = await sendAs(buyer, action);
    const submitted = await submit(adapter, { intent: i, results: [hash], context: { notBefore } });
    expect(submitted.txHashes).toEqual([hash]);
    expect(await observeSettled(i, submitted, notBefore)).toEqual({
      state: "confirmed",
      txHash: hash,
      confirmations: 1,
      fees: [],
      transfer: expect.objectContaining({ txHash: hash, recipient: getAddress(merchant), amount: 25_500_000n }),
    }); // the buyer paid the gas
    expect(await balanceOf(usdt, merchant)).toBe(before + 25_500_000n);
  });

  it("refuses hashes of other transfers: wrong amount, recipient, token, sender, chain, unknown", async () => {
    const notBefore = new Date();
    const amount = 4_000_000n;
    const i = intent({ method: "erc20_transfer", amount });
    const before = await balanceOf(usdt, merchant);
    // Each stray transfer below is the wallet's own doing; the adapter must not count it as payment.
    await expectRefused(
      async () =>
        submit(adapter, {
          intent: i,
          results: [await transferAs(buyer, { token: usdt, to: merchant, amount: amount - 1n })],
          context: { notBefore },
        }),
      /with this payment's reference/,
    );
    await expectRefused(
      async () =>
        submit(adapter, {
          intent: i,
          results: [await transferAs(buyer, { token: usdt, to: thirdBuyer.address, amount })],
          context: { notBefore },
        }),
      /not to the recipient/,
    );
    await expectRefused(
      async () =>
        submit(adapter, {
          intent: i,
          results: [await transferAs(buyer, { token: usdc, to: merchant, amount })],
          context: { notBefore },
        }),
      /not a call to the USDT contract/,
    );
    const fromOther = await transferAs(otherBuyer, { token: usdt, to: merchant, amount });
    await expectRefused(
      async () => submit(adapter, { intent: i, results: [fromOther], context: { notBefore } }),
      /not from the payer/,
    );
    // The right transfer, but not made for this payment: without a reference, or with another payment's.
    const unbound = await transferAs(buyer, { token: usdt, to: merchant, amount });
    await expectRefused(
      async () => submit(adapter, { intent: i, results: [unbound], context: { notBefore } }),
      /with this payment's reference/,
    );
    const forAnother = await transferAs(buyer, {
      token: usdt,
      to: merchant,
      amount,
      gas: undefined,
      reference: reference(),
    });
    await expectRefused(
      async () => submit(adapter, { intent: i, results: [forAnother], context: { notBefore } }),
      /with this payment's reference/,
    );
    expect(await balanceOf(usdt, merchant)).toBe(before + (amount - 1n) + 3n * amount); // only the strays moved it

    // Bound to this payment but for another amount (a wallet changed it): verified, and the amount it carries reported.
    const short = await transferAs(buyer, {
      token: usdt,
      to: merchant,
      amount: amount - 1n,
      gas: undefined,
      reference: i.reference,
    });
    expect(await adapter.verify(i, [short], { notBefore })).toMatchObject({ kind: "wallet_sent", amount: amount - 1n });
    const tracked = await submit(adapter, {
      intent: { ...i, amount: amount - 1n },
      results: [short],
      context: { notBefore },
    });
    expect(await observeSettled({ ...i, amount: amount - 1n }, tracked, notBefore)).toMatchObject({
      state: "confirmed",
    });

    // A configuration pointing eip155:1 at this node: the transaction's chain id gives it away.
    const mainnet = {
      ...network,
      chainId: "eip155:1",
      tokens: [{ ...usdt, caip19: `eip155:1/erc20:${tokenAddress(usdt)}` }],
    };
    const onMainnet = intent({ network: mainnet, token: mainnet.tokens[0], method: "erc20_transfer", amount });
    const genuine = await sendAs(buyer, await onlyAction(i));
    await expectRefused(
      async () => submit(adapter, { intent: onMainnet, results: [genuine], context: { notBefore } }),
      /another chain/,
    );

    const started = Date.now();
    await expectRefused(
      async () => submit(adapter, { intent: i, results: [reference()], context: { notBefore } }),
      /transaction not found/,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_500); // waited for a slow node first
    await expectRefused(
      async () => submit(adapter, { intent: i, results: ["0xnothex"], context: { notBefore } }),
      /not a transaction hash/,
    );
  });

  it("refuses a wrong number of results", async () => {
    const notBefore = new Date();
    const i = intent({ method: "erc20_transfer", amount: 1_000_000n });
    const hash = await sendAs(buyer, await onlyAction(i));
    await expectRefused(
      async () => submit(adapter, { intent: i, results: [], context: { notBefore } }),
      /expected 1 result, got 0/,
    );
    await expectRefused(
      async () => submit(adapter, { intent: i, results: [hash, hash], context: { notBefore } }),
      /expected 1 result, got 2/,
    );
    const j = intent({ amount: 1_000_000n });
    await expectRefused(
      async () => submit(adapter, { intent: j, results: [], context: { notBefore } }),
      /expected 1 result/,
    );
  });
});

describe("EVM adapter: observe", () => {
  it("at depth 1 takes the block's time from the receipt's stamped log: no block read; deeper, it reads the block", async () => {
    const notBefore = new Date();
    const i = intent({ method: "erc20_transfer", amount: 1_100_000n });
    const hash = await sendAs(buyer, await onlyAction(i));
    const submitted = await submit(adapter, { intent: i, results: [hash], context: { notBefore } });
    const { blockNumber } = await client().getTransactionReceipt({ hash: hash as Hex });
    const { timestamp } = await client().getBlock({ blockNumber });
    const proxy = await startRpcProxy(evm.rpcUrl);
    try {
      const viaProxy = { ...i, network: { ...network, rpcUrl: proxy.url } };
      const seen = await adapter.observe(viaProxy, { ...submitted, notBefore });
      expect(seen).toMatchObject({
        state: "confirmed",
        transfer: { blockNumber, blockTime: new Date(Number(timestamp) * 1000) },
      });
      expect(proxy.counts.get("eth_getBlockByNumber") ?? 0).toBe(0);
      // Two confirmations: the depth is read, then the block, to see it is still the canonical one.
      await mine(1);
      const deeper = { ...viaProxy, network: { ...viaProxy.network, confirmations: 2 } };
      expect(await adapter.observe(deeper, { ...submitted, notBefore })).toMatchObject({ state: "confirmed" });
      expect(proxy.counts.get("eth_getBlockByNumber")).toBe(1);
    } finally {
      await proxy.close();
    }
  });

  it("fails a transfer mined before the payment was created", async () => {
    const i = intent({ method: "erc20_transfer", amount: 2_200_000n });
    const hash = await sendAs(buyer, await onlyAction(i));
    const submitted = await submit(adapter, { intent: i, results: [hash], context: { notBefore: new Date(0) } });
    const { timestamp } = await client().getBlock({ blockTag: "latest" });
    // Beyond the minute of block-time skew the check allows.
    const createdAfter = new Date((Number(timestamp) + 61) * 1000);
    expect(await adapter.observe(i, { ...submitted, notBefore: createdAfter })).toEqual({
      state: "failed",
      reason: "mined before the payment was created",
      fees: [],
    });
    expect((await adapter.observe(i, { ...submitted, notBefore: new Date(Number(timestamp) * 1000) })).state).toBe(
      "confirmed",
    );
  });

  it("stays pending until the network's confirmation depth", async () => {
    const notBefore = new Date();
    const deep = { ...network, confirmations: 3 };
    const i = intent({ network: deep, token: usdt, method: "erc20_transfer", amount: 3_300_000n });
    const before = await balanceOf(usdt, merchant);
    const submitted = await submit(adapter, {
      intent: i,
      results: [await sendAs(buyer, await onlyAction(i))],
      context: { notBefore },
    });
    expect(await adapter.observe(i, { ...submitted, notBefore })).toEqual({ state: "pending", mined: true });
    await mine(1);
    expect(await adapter.observe(i, { ...submitted, notBefore })).toEqual({ state: "pending", mined: true });
    await mine(1);
    expect(await adapter.observe(i, { ...submitted, notBefore })).toEqual({
      state: "confirmed",
      txHash: submitted.txHashes[0],
      confirmations: 3,
      fees: [],
      transfer: expect.objectContaining({ txHash: submitted.txHashes[0], amount: 3_300_000n }),
    });
    expect(await balanceOf(usdt, merchant)).toBe(before + 3_300_000n);
  });

  it("re-checks the receipt's block at depth: a reorg in between is not credited", async () => {
    // The adapter reaches anvil through a proxy that holds the block read made after the depth read,
    // while the chain reorganises under it (anvil_reorg replaces the last blocks with empty ones).
    const proxy = await startRpcProxy(evm.rpcUrl);
    try {
      const notBefore = new Date();
      const deep = { ...network, rpcUrl: proxy.url, confirmations: 2 };
      const i = intent({ network: deep, token: usdt, method: "erc20_transfer", amount: 4_400_000n });
      const hash = await sendAs(buyer, await onlyAction(i));
      const submitted = await submit(adapter, { intent: i, results: [hash], context: { notBefore } });
      const { blockNumber } = await client().getTransactionReceipt({ hash });
      await mine(1);
      const held = proxy.holdNext(
        (c) => c.method === "eth_getBlockByNumber" && c.params[0] === toHex(blockNumber),
        "request",
      );
      const observing = adapter.observe(i, { ...submitted, notBefore });
      const call = await held;
      await anvil("anvil_reorg", [2, []]);
      call.release();
      expect(await observing).toEqual({ state: "pending", mined: false });
      // The transfer is no longer in the chain it was mined in: it is never confirmed from that receipt.
      expect((await adapter.observe(i, { ...submitted, notBefore })).state).not.toBe("confirmed");
    } finally {
      await proxy.close();
    }
  });

  it("fails a reverted transaction and one whose Transfer is not the intent's", async () => {
    const notBefore = new Date();
    const i = intent({ method: "erc20_transfer", amount: 2_000_000n * 10n ** 6n, payer: thirdBuyer.address });
    const reverted = await transferAs(thirdBuyer, {
      token: usdt,
      to: merchant,
      amount: i.amount,
      gas: 100_000n,
      reference: i.reference,
    }); // more than it holds
    const submitted = await submit(adapter, { intent: i, results: [reverted], context: { notBefore } });
    expect(await adapter.observe(i, { ...submitted, notBefore })).toEqual({
      state: "failed",
      reason: "transaction reverted",
      fees: [],
    });

    const small = intent({ method: "erc20_transfer", amount: 1_100_000n });
    const paid = await submit(adapter, {
      intent: small,
      results: [await sendAs(buyer, await onlyAction(small))],
      context: { notBefore },
    });
    const observed = await adapter.observe({ ...small, amount: 1_100_001n }, paid);
    expect(observed).toMatchObject({ state: "failed", reason: expect.stringMatching(/no USDT Transfer of 1100001/) });
  });

  it("has no build actions and no other methods", async () => {
    await expect(adapter.resolveBuild(intent({ amount: 1n }))).rejects.toThrow(ChainVerificationError);
    await expect(adapter.actionsFor(intent({ amount: 1n, method: "spl_transfer" }))).rejects.toThrow(
      /not an EVM method/,
    );
  });
});

describe("EVM adapter: ledger scan", () => {
  it("finds a token transfer with its block time, reading each block of the range once when native coins are watched too", async () => {
    const recipient = privateKeyToAccount(toHex(randomBytes(32))).address;
    const hash = await transferAs(buyer, { token: usdt, to: recipient, amount: 3_300_000n });
    const { blockNumber } = await client().getTransactionReceipt({ hash });
    const { timestamp } = await client().getBlock({ blockNumber });
    const proxy = await startRpcProxy(evm.rpcUrl);
    try {
      // With ETH among the network's tokens, the scan reads each block whole for plain value transfers.
      const eth = { caip19: `${evm.chainId}/slip44:60`, symbol: "ETH", name: "Ether", decimals: 18, eip3009: false };
      const found = await adapter.scanBlocks!(
        { ...network, rpcUrl: proxy.url, tokens: [...network.tokens, eth] },
        { from: blockNumber, to: blockNumber },
        { recipients: [recipient], native: true },
      );
      expect(found).toEqual([
        expect.objectContaining({
          txHash: hash,
          recipient,
          amount: 3_300_000n,
          blockNumber,
          blockTime: new Date(Number(timestamp) * 1000),
        }),
      ]);
      // The block read for native transfers gave the transfer's time: no second read of it.
      expect(proxy.counts.get("eth_getBlockByNumber")).toBe(1);
      // Tokens only: the log's own block time (anvil and geth stamp logs with it) needs no block read.
      const tokensOnly = await adapter.scanBlocks!(
        { ...network, rpcUrl: proxy.url },
        { from: blockNumber, to: blockNumber },
        { recipients: [recipient], native: false },
      );
      expect(tokensOnly).toEqual(found);
      expect(proxy.counts.get("eth_getBlockByNumber")).toBe(1);
    } finally {
      await proxy.close();
    }
  });
});

describe("EVM adapter: the finality watch's block hashes", () => {
  /** A USDT transfer to the merchant, as the ledger records it: its block and what finds it there. */
  async function recordedTransfer(amount: bigint) {
    const hash = await transferAs(buyer, { token: usdt, to: merchant, amount });
    const receipt = await client().getTransactionReceipt({ hash });
    return { blockNumber: receipt.blockNumber, blockHash: receipt.blockHash, asset: usdt.caip19, recipient: merchant };
  }

  it("reads the blocks of token transfers from one eth_getLogs over their span, block by block past maxSpan", async () => {
    const recorded = [await recordedTransfer(1_000n), await recordedTransfer(2_000n), await recordedTransfer(3_000n)];
    expect(new Set(recorded.map((r) => r.blockNumber)).size).toBe(3);
    const expected = new Map(recorded.map((r) => [r.blockNumber, r.blockHash]));
    const proxy = await startRpcProxy(evm.rpcUrl);
    try {
      const viaProxy = { ...network, rpcUrl: proxy.url };
      expect(await adapter.transferBlockHashes!(viaProxy, recorded, 500n)).toEqual(expected);
      expect(proxy.counts.get("eth_getLogs")).toBe(1);
      expect(proxy.counts.get("eth_getBlockByNumber") ?? 0).toBe(0);
      // Spread wider than maxSpan: one block read each, the same answer.
      expect(await adapter.transferBlockHashes!(viaProxy, recorded, 2n)).toEqual(expected);
      expect(proxy.counts.get("eth_getLogs")).toBe(1);
      expect(proxy.counts.get("eth_getBlockByNumber")).toBe(3);
      // A native-coin transfer leaves no log: its block is read.
      const eth = { ...recorded[0]!, asset: `${evm.chainId}/slip44:60` };
      expect(await adapter.transferBlockHashes!(viaProxy, [eth], 500n)).toEqual(
        new Map([[eth.blockNumber, eth.blockHash]]),
      );
      expect(proxy.counts.get("eth_getBlockByNumber")).toBe(4);
    } finally {
      await proxy.close();
    }
  });

  it("never gives the old hash of a block whose transfer a reorg took away (the caller then locates it afresh)", async () => {
    const snapshot = await anvil("evm_snapshot", []);
    const gone = await recordedTransfer(4_000n);
    await anvil("evm_revert", [snapshot]);
    // The chain grows past the old height again: an empty block there, then one with another transfer.
    await mine(1);
    const other = await recordedTransfer(5_000n);
    await mine(2);
    const hashes = await adapter.transferBlockHashes!(network, [gone, other], 500n);
    expect(hashes.get(other.blockNumber)).toBe(other.blockHash);
    expect(hashes.get(gone.blockNumber)).not.toBe(gone.blockHash);
  });
});
