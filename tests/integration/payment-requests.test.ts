import { eq } from "drizzle-orm";
import {
  createWalletClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  http,
  type Address,
  type Hex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createTransfer, parseURL, type TransferRequestURL } from "@solana/pay";
import { Connection, Keypair, PublicKey, SystemProgram, Transaction } from "@solana/web3.js";
import { describe, expect, inject, it } from "vitest";
import { chainTransfers } from "@/db/schema";
import { decodeBase58 } from "@/lib/chains/solana/base58";
import { testDb } from "../support/db";
import { chainMerchant, gw, newPayment, waitFinal } from "../support/gateway";
import { paymentRow } from "../support/ledger-reads";

// A phone wallet pays by scanning a standard payment request, with no page open and no confirm: it
// parses the URI and sends exactly what it says. A Solana Pay transfer carries the request's reference
// key; an EIP-681 transfer carries nothing, and its unique amount binds it. The ledger finds either.

type PaymentRequest = {
  chainId: string;
  asset: string;
  amount: { value: string; display: { assetSymbol: string } };
  kind: string;
  uri: string;
  expiresAt: number;
};

async function requestsOf(paymentId: string): Promise<PaymentRequest[]> {
  const res = await gw(paymentId, "/payment-requests");
  expect(res.status).toBe(200);
  return ((await res.json()) as { requests: PaymentRequest[] }).requests;
}

const bySymbol = (requests: PaymentRequest[], symbol: string) =>
  requests.find((r) => r.amount.display.assetSymbol === symbol)!;

/** An EIP-681 URI as a wallet reads it: the target, the chain, the function and its parameters. */
function parseEip681(uri: string) {
  const m = /^ethereum:(0x[0-9a-fA-F]{40})@(\d+)(?:\/(\w+))?\?(.*)$/.exec(uri);
  if (!m) throw new Error(`not an EIP-681 URI: ${uri}`);
  const params = new URLSearchParams(m[4]);
  return { target: m[1] as Address, chainId: Number(m[2]), fn: m[3], params };
}

/** A devnet buyer's phone wallet: sends what the URI asks for, as it is written. */
async function payUri(uri: string, buyer: number): Promise<Hex> {
  const { evm } = inject("devnet");
  const parsed = parseEip681(uri);
  const chain = defineChain({
    id: parsed.chainId,
    name: "devnet",
    nativeCurrency: { name: "ETH", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [evm.rpcUrl] } },
  });
  const wallet = createWalletClient({
    account: privateKeyToAccount(evm.buyers[buyer]!.privateKey as Hex),
    chain,
    transport: http(evm.rpcUrl),
  });
  if (parsed.fn === "transfer") {
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: "transfer",
      args: [getAddress(parsed.params.get("address")!), BigInt(parsed.params.get("uint256")!)],
    });
    return wallet.sendTransaction({ to: parsed.target, data });
  }
  return wallet.sendTransaction({ to: parsed.target, value: BigInt(parsed.params.get("value")!) });
}

describe("EIP-681 payment requests, paid by a phone wallet with no confirm", () => {
  it("one request per EVM asset, each URI naming the token, the merchant and the exact amount; asking again answers the same", async () => {
    const merchant = await chainMerchant({ evm: true });
    const { paymentId } = await newPayment(merchant, "1250");
    const requests = await requestsOf(paymentId);
    expect(requests.map((r) => r.amount.display.assetSymbol).sort()).toEqual(["ETH", "USDC", "USDT"]);
    for (const request of requests) {
      expect(request.kind).toBe("eip681");
      const parsed = parseEip681(request.uri);
      expect(`eip155:${parsed.chainId}`).toBe(request.chainId);
      if (request.asset.includes("/slip44:")) {
        expect(parsed.target).toBe(getAddress(merchant.evmAddress));
        expect(parsed.params.get("value")).toBe(request.amount.value);
      } else {
        expect(parsed.target.toLowerCase()).toBe(request.asset.split(":").at(-1)!.toLowerCase());
        expect(parsed.params.get("address")).toBe(getAddress(merchant.evmAddress));
        expect(parsed.params.get("uint256")).toBe(request.amount.value);
      }
    }
    // 12.50 USD in a 6-decimal stablecoin, plus the smallest free offset in the merchant's favour.
    expect(BigInt(bySymbol(requests, "USDC").amount.value)).toBe(12_500_001n);
    expect(await requestsOf(paymentId)).toEqual(requests);
  });

  it.each([
    ["USDT", 1],
    ["ETH", 2],
  ] as const)("a %s transfer of the URI's amount settles its payment through the ledger", async (symbol, buyer) => {
    const merchant = await chainMerchant({ evm: true });
    const { paymentId } = await newPayment(merchant, "1325");
    const request = bySymbol(await requestsOf(paymentId), symbol);
    const txHash = await payUri(request.uri, buyer);
    const status = await waitFinal(paymentId, 15_000);
    expect(status.status).toBe("succeeded");
    const row = await paymentRow(paymentId);
    expect(row).toMatchObject({ txHash, exception: null, tokenAmount: request.amount.value });
    const transfers = await testDb().db.select().from(chainTransfers).where(eq(chainTransfers.paymentId, paymentId));
    expect(transfers).toEqual([expect.objectContaining({ txHash, match: "bound", amount: request.amount.value })]);
  });

  it("100 payments of one price created at once get 100 different amounts; a neighbour's amount pays the neighbour, never this one", async () => {
    const merchant = await chainMerchant({ evm: true });
    const created = await Promise.all(Array.from({ length: 100 }, () => newPayment(merchant, "2000")));
    const requests = await Promise.all(created.map(async (c) => bySymbol(await requestsOf(c.paymentId), "USDC")));
    const amounts = requests.map((r) => r.amount.value);
    expect(new Set(amounts).size).toBe(100);
    for (const amount of amounts) {
      expect(BigInt(amount)).toBeGreaterThan(20_000_000n);
      expect(BigInt(amount)).toBeLessThanOrEqual(20_000_000n + 20_000n);
    }

    // Two neighbours: the buyer of the second pays its URI; only the second is paid.
    const [first, second] = [created[0]!.paymentId, created[1]!.paymentId];
    const txHash = await payUri(requests[1]!.uri, 1);
    expect((await waitFinal(second, 15_000)).status).toBe("succeeded");
    expect((await paymentRow(second)).txHash).toBe(txHash);
    expect((await paymentRow(first)).status).toBe("pending");
  });
});

/**
 * A real merchant's wallet holds some SOL; the devnet's merchant key may never have been funded, and
 * @solana/pay refuses a recipient account that does not exist. Fund it once, before the payment.
 */
async function ensureWalletExists(connection: Connection, funder: Keypair, wallet: PublicKey) {
  if (await connection.getAccountInfo(wallet)) return;
  const tx = new Transaction().add(
    SystemProgram.transfer({ fromPubkey: funder.publicKey, toPubkey: wallet, lamports: 10_000_000 }),
  );
  tx.feePayer = funder.publicKey;
  tx.recentBlockhash = (await connection.getLatestBlockhash("confirmed")).blockhash;
  tx.sign(funder);
  await connection.confirmTransaction(await connection.sendRawTransaction(tx.serialize()), "confirmed");
}

/** A Solana phone wallet, as @solana/pay has one: parse the URI, build the transfer it asks for, sign, send. */
async function paySolanaPayUri(uri: string, buyer: number): Promise<string> {
  const { solana } = inject("devnet");
  const connection = new Connection(solana.rpcUrl, "confirmed");
  const wallet = Keypair.fromSecretKey(decodeBase58(solana.buyers[buyer]!.secretKey)!);
  const request = parseURL(uri) as TransferRequestURL;
  await ensureWalletExists(connection, wallet, request.recipient);
  const tx = await createTransfer(connection, wallet.publicKey, {
    recipient: request.recipient,
    amount: request.amount!,
    splToken: request.splToken,
    reference: request.reference,
    memo: request.memo,
  });
  tx.feePayer = wallet.publicKey;
  tx.recentBlockhash = (await connection.getLatestBlockhash("confirmed")).blockhash;
  tx.sign(wallet);
  return connection.sendRawTransaction(tx.serialize());
}

describe("Solana Pay transfer requests, paid by a phone wallet with no confirm", () => {
  it("one per Solana asset, first, naming the merchant, the decimal amount, the mint and a reference key", async () => {
    const merchant = await chainMerchant();
    const { paymentId } = await newPayment(merchant, "1250");
    const requests = await requestsOf(paymentId);
    const solana = requests.filter((r) => r.kind === "solana-pay-transfer");
    expect(solana.map((r) => r.amount.display.assetSymbol).sort()).toEqual(["SOL", "USDC"]);
    expect(requests.slice(0, 2).every((r) => r.kind === "solana-pay-transfer")).toBe(true);
    const usdc = parseURL(bySymbol(solana, "USDC").uri) as TransferRequestURL;
    expect(usdc.recipient.toBase58()).toBe(inject("devnet").solana.merchant.publicKey);
    expect(usdc.amount!.toString()).toBe("12.5");
    expect(`${bySymbol(solana, "USDC").asset}`).toContain(usdc.splToken!.toBase58());
    expect(usdc.reference).toHaveLength(1);
    expect(usdc.label).toBe("Chain Shop");
    expect(usdc.memo).toBe(paymentId);
  });

  it.each(["USDC", "SOL"])("a %s transfer built by @solana/pay from the URI settles its payment", async (symbol) => {
    const merchant = await chainMerchant({ solana: true });
    const { paymentId } = await newPayment(merchant, "210");
    const request = bySymbol(await requestsOf(paymentId), symbol);
    const signature = await paySolanaPayUri(request.uri, 1);
    const status = await waitFinal(paymentId, 15_000);
    expect(status.status).toBe("succeeded");
    expect(await paymentRow(paymentId)).toMatchObject({ txHash: signature, tokenAmount: request.amount.value });
    const transfers = await testDb().db.select().from(chainTransfers).where(eq(chainTransfers.paymentId, paymentId));
    expect(transfers).toEqual([expect.objectContaining({ txHash: signature, match: "bound" })]);
  });
});
