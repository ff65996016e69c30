import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainTransfers, ledgerAccountCursors, ledgerCursors, payments, paymentSubmissions } from "@/db/schema";
import type { RpcCall } from "@payment-service/devnet/rpc-proxy";
import { until } from "../support/ledger-reads";
import { confirmAt, createPaymentAt, signWithDevnetBuyer } from "../support/pay-steps";
import { proxiedSetup, type ProxiedSetup } from "../support/proxied-servers";
import type { RunningServer } from "../support/server";

// The settlement watcher and the ledger both follow a payment the service put on chain (a relay, a
// co-signed Solana transaction). The watcher reads the transaction to settle the payment and records
// the transfer it saw as it closes the submission; the ledger then finds it recorded and does not read
// the transaction again (issue 29: RPC calls per payment). Counted at RPC proxies in front of the server.

/** Every call at the proxies, with when it arrived: the watcher's reads come before it closes the submission. */
type SeenCall = RpcCall & { at: number };
const evmCalls: SeenCall[] = [];
const solanaCalls: SeenCall[] = [];
let setup: ProxiedSetup;
let server: RunningServer;

beforeAll(async () => {
  setup = await proxiedSetup("ledger_shared_reads", {
    evmTap: (call) => evmCalls.push({ ...call, at: Date.now() }),
    solanaTap: (call) => solanaCalls.push({ ...call, at: Date.now() }),
  });
  server = await setup.start("a");
});
afterAll(async () => {
  await setup?.close();
});

/** Pay `symbol` on `namespace` through confirm; the payment once succeeded and its submission closed. */
async function paySettled(namespace: "eip155" | "solana", buyerIndex: number) {
  const signed = await signWithDevnetBuyer(server, {
    paymentId: await createPaymentAt(server, setup.merchant, "250"),
    namespace,
    symbol: "USDC",
    buyerIndex,
  });
  expect((await confirmAt(server, signed))?.status).toBe(200);
  const settled = await until(
    async () => {
      const [payment] = await setup.db.select().from(payments).where(eq(payments.id, signed.paymentId));
      const [submission] = await setup.db
        .select()
        .from(paymentSubmissions)
        .where(eq(paymentSubmissions.paymentId, signed.paymentId));
      return { payment: payment!, submission: submission! };
    },
    (s) => s.payment.status === "succeeded" && s.submission.state === "closed",
    30_000,
  );
  expect(settled.payment.status).toBe("succeeded");
  expect(settled.submission.outcome).toBe("succeeded");
  // When the watcher's closing transaction began: every read of its own came before.
  return { payment: settled.payment, closedAt: settled.submission.updatedAt.getTime() };
}

async function recordedTransfers(paymentId: string) {
  return setup.db.select().from(chainTransfers).where(eq(chainTransfers.paymentId, paymentId));
}

/** Calls of `method` for `txHash`; with `after`, only those that arrived after that time. */
const callsFor = (
  calls: SeenCall[],
  { method, txHash, after = 0 }: { method: string; txHash: string; after?: number },
) =>
  calls.filter((c) => c.at > after && c.method === method && String(c.params[0]).toLowerCase() === txHash.toLowerCase())
    .length;

describe("the ledger reads no transaction the watcher settled a payment with", () => {
  it("EIP-3009 relay: one transfer in the ledger, bound and counted, and the scan never asked for the transaction", async () => {
    const { payment, closedAt } = await paySettled("eip155", 1);
    const txHash = payment.txHash!;
    const [transfer] = await recordedTransfers(payment.id);
    const block = transfer?.blockNumber ?? 0n;
    // Wait for the scan to pass the transfer's block: it listed the transfer and left it.
    const cursor = await until(
      async () => (await setup.db.select().from(ledgerCursors).where(eq(ledgerCursors.chainId, payment.chainId!)))[0],
      (c) => !!c && block > 0n && c.nextBlock > block,
      20_000,
    );
    expect(block).toBeGreaterThan(0n);
    expect(cursor!.nextBlock).toBeGreaterThan(block);
    const rows = await recordedTransfers(payment.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      txHash,
      match: "bound",
      optionId: payment.optionId,
      merchantId: setup.merchant.merchantId,
      amount: payment.tokenAmount,
    });
    expect(["counted", "final"]).toContain(rows[0]!.state);
    // The watcher read the receipt. The scan would read the transaction and its receipt once the watcher
    // was done (it holds a young relay until then); the finality watch reads only the receipt.
    expect(callsFor(evmCalls, { method: "eth_getTransactionReceipt", txHash })).toBeGreaterThanOrEqual(1);
    expect(callsFor(evmCalls, { method: "eth_getTransactionByHash", txHash, after: closedAt })).toBe(0);
  });

  it("EIP-3009 relay: the finality watch reads the transfer's block, not its receipt, while the block is unchanged", async () => {
    const { payment, closedAt } = await paySettled("eip155", 2);
    const txHash = payment.txHash!;
    // Two claims by the finality watch: the first pass looked at the transfer and recorded where it stands.
    const [row] = await until(
      () => recordedTransfers(payment.id),
      (rows) => (rows[0]?.checks ?? 0) >= 2,
      20_000,
    );
    expect(row!.checks).toBeGreaterThanOrEqual(2);
    expect(["counted", "final"]).toContain(row!.state);
    const blockTag = `0x${row!.blockNumber!.toString(16)}`;
    const blockReads = evmCalls.filter(
      (c) => c.at > closedAt && c.method === "eth_getBlockByNumber" && c.params[0] === blockTag,
    ).length;
    expect(blockReads).toBeGreaterThanOrEqual(1);
    expect(callsFor(evmCalls, { method: "eth_getTransactionReceipt", txHash, after: closedAt })).toBe(0);
  });

  it("Solana co-signed transfer: one transfer in the ledger, and the transaction read by the watcher only", async () => {
    const { payment, closedAt } = await paySettled("solana", 1);
    const signature = payment.txHash!;
    const asset = payment.tokenCaip19!;
    // Wait for the merchant's account cursor to reach the payment's transaction: the scan listed it.
    const cursor = await until(
      async () =>
        (
          await setup.db
            .select()
            .from(ledgerAccountCursors)
            .where(
              and(
                eq(ledgerAccountCursors.recipient, setup.merchant.solanaAddress),
                eq(ledgerAccountCursors.asset, asset),
              ),
            )
        )[0],
      (c) => c?.lastSignature === signature,
      20_000,
    );
    expect(cursor?.lastSignature).toBe(signature);
    const rows = await recordedTransfers(payment.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      txHash: signature,
      match: "bound",
      optionId: payment.optionId,
      recipient: setup.merchant.solanaAddress,
      amount: payment.tokenAmount,
    });
    // The watcher read it (more than once if the node's status ran ahead of the transaction); the ledger,
    // which waits for the watcher to close the submission, would read it after.
    expect(callsFor(solanaCalls, { method: "getTransaction", txHash: signature })).toBeGreaterThanOrEqual(1);
    expect(callsFor(solanaCalls, { method: "getTransaction", txHash: signature, after: closedAt })).toBe(0);
  });
});
