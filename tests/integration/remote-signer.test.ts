import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { decodeBase58 } from "@/lib/chains/solana/base58";
import { evmTokenBalance, solanaMerchantUsdc } from "../support/balances";
import { chainMerchant } from "../support/gateway";
import { confirmAt, createPaymentAt, finalStatusAt, gatewayAt, signWithDevnetBuyer } from "../support/pay-steps";
import { testDb } from "../support/db";
import { startHttpSigner, type HttpSigner } from "../support/http-signer";
import { devnetFileOf, startServer, type RunningServer } from "../support/server";

// A server whose gas keys live only in a remote signer (tests/support/http-signer.ts, holding the
// devnet's relayer and fee payer as a KMS would): it settles on both local chains through it, and a
// signer answering with another key's signature moves no money and credits nothing.
let signer: HttpSigner;
let server: RunningServer;

beforeAll(async () => {
  const { evm, solana } = inject("devnet");
  signer = await startHttpSigner({
    evmPrivateKey: evm.relayer.privateKey,
    solanaSecretKey: decodeBase58(solana.feePayer.secretKey),
  });
  const tokenFile = join(mkdtempSync(join(tmpdir(), "keys-signer-")), "token");
  writeFileSync(tokenFile, `${signer.token}\n`, { mode: 0o600 });
  server = await startServer(
    {
      DEVNET_FILE: devnetFileOf("test"),
      WATCHER_INTERVAL_MS: "300",
      EVM_RELAYER_SIGNER_URL: signer.url,
      EVM_RELAYER_SIGNER_TOKEN_FILE: tokenFile,
      EVM_RELAYER_ADDRESS: evm.relayer.address,
      SOLANA_FEE_PAYER_SIGNER_URL: signer.url,
      SOLANA_FEE_PAYER_SIGNER_TOKEN_FILE: tokenFile,
      SOLANA_FEE_PAYER_ADDRESS: solana.feePayer.publicKey,
      // Longer than the held signature below takes, so only the fix (not a timeout) can free what it held.
      SIGNER_TIMEOUT_MS: "20000",
    },
    "remote-signer",
  );
});

afterAll(async () => {
  await server?.stop();
  await signer?.close();
});

const submissionsOf = async (paymentId: string) =>
  (await testDb().sql`select tx_hash from payment_submissions where payment_id = ${paymentId}`).length;

describe("gas keys behind a remote signer", () => {
  it("settles an EIP-3009 payment: the relay is signed over HTTP and the merchant is paid", async () => {
    signer.mode = "honest";
    const merchant = await chainMerchant();
    const paymentId = await createPaymentAt(server, merchant, "310");
    const signed = await signWithDevnetBuyer(server, { paymentId, namespace: "eip155", symbol: "USDC", buyerIndex: 2 });
    const before = signer.requests.filter((r) => r.chain === "evm").length;
    expect((await confirmAt(server, signed))?.status).toBe(200);
    expect(await finalStatusAt(server, paymentId)).toBe("succeeded");
    expect(await evmTokenBalance("USDC", merchant.evmAddress)).toBe(3_100_000n);
    expect(signer.requests.filter((r) => r.chain === "evm").length).toBeGreaterThan(before);
  });

  it("settles a Solana payment: the fee payer's signature comes over HTTP", async () => {
    signer.mode = "honest";
    const merchant = await chainMerchant();
    const paymentId = await createPaymentAt(server, merchant, "420");
    const signed = await signWithDevnetBuyer(server, { paymentId, namespace: "solana", symbol: "USDC", buyerIndex: 2 });
    const balance = await solanaMerchantUsdc();
    const before = signer.requests.filter((r) => r.chain === "solana").length;
    expect((await confirmAt(server, signed))?.status).toBe(200);
    expect(await finalStatusAt(server, paymentId)).toBe("succeeded");
    expect(await solanaMerchantUsdc()).toBeGreaterThanOrEqual(balance + 4_200_000n);
    expect(signer.requests.filter((r) => r.chain === "solana").length).toBeGreaterThan(before);
  });

  it("a signature from another key fails the confirm cleanly: nothing recorded or sent, and the buyer can retry", async () => {
    const merchant = await chainMerchant();
    const evmPayment = await createPaymentAt(server, merchant, "130");
    const evmSigned = await signWithDevnetBuyer(server, {
      paymentId: evmPayment,
      namespace: "eip155",
      symbol: "USDC",
      buyerIndex: 1,
    });
    const solPayment = await createPaymentAt(server, merchant, "140");
    const solSigned = await signWithDevnetBuyer(server, {
      paymentId: solPayment,
      namespace: "solana",
      symbol: "USDC",
      buyerIndex: 1,
    });

    signer.mode = "wrong";
    for (const [paymentId, signed] of [
      [evmPayment, evmSigned],
      [solPayment, solSigned],
    ] as const) {
      const refused = await confirmAt(server, signed);
      expect(refused?.status).toBe(502);
      expect(((await refused!.json()) as { message: string }).message).toMatch(/signer/);
      const body = (await (await gatewayAt(server, { paymentId, path: "/status" })).json()) as { status: string };
      expect(body.status).toBe("requires_action");
      expect(await submissionsOf(paymentId)).toBe(0);
    }
    expect(await evmTokenBalance("USDC", merchant.evmAddress)).toBe(0n);
    expect((await testDb().sql`select 1 from chain_transfers where payment_id = ${evmPayment}`).length).toBe(0);

    // The same signed authorization and transaction, once the signer is right again: nothing was used up.
    signer.mode = "honest";
    expect((await confirmAt(server, evmSigned))?.status).toBe(200);
    expect(await finalStatusAt(server, evmPayment)).toBe("succeeded");
    expect(await evmTokenBalance("USDC", merchant.evmAddress)).toBe(1_300_000n);
  });

  it("a slow signer holds no lock: while a relay awaits its signature the merchant cancels that payment at once, another relay is signed alongside, and the cancelled one is never sent nor leaves a nonce gap", async () => {
    signer.mode = "honest";
    const merchant = await chainMerchant();
    const [first, second] = [
      await createPaymentAt(server, merchant, "150"),
      await createPaymentAt(server, merchant, "160"),
    ];
    const signedFirst = await signWithDevnetBuyer(server, {
      paymentId: first,
      namespace: "eip155",
      symbol: "USDC",
      buyerIndex: 1,
    });
    const signedSecond = await signWithDevnetBuyer(server, {
      paymentId: second,
      namespace: "eip155",
      symbol: "USDC",
      buyerIndex: 2,
    });

    signer.hold();
    const confirmFirst = confirmAt(server, signedFirst);
    await until(() => signer.waiting === 1, "the first relay's signature to be asked for");
    // The second relay is signed while the first still waits: its nonce was taken in a statement of its
    // own, not in a transaction that waits on the first one's signature.
    const confirmSecond = confirmAt(server, signedSecond);
    await until(() => signer.waiting === 2, "the second relay's signature to be asked for alongside");

    // Nor is the first payment's row locked while its relay is being signed: the merchant cancels it at once.
    const cancelStarted = Date.now();
    const cancel = await fetch(`${server.url}/v1/payments/${first}/cancel`, {
      method: "POST",
      headers: { "api-key": merchant.apiKey, "merchant-id": merchant.merchantId },
    });
    expect(cancel.status).toBe(200);
    expect(Date.now() - cancelStarted).toBeLessThan(3_000);

    signer.release();
    const released = Date.now();
    const [answerFirst, answerSecond] = await Promise.all([confirmFirst, confirmSecond]);
    expect(answerFirst?.status).toBeGreaterThanOrEqual(400);
    expect(answerFirst?.status).toBeLessThan(500);
    expect(answerSecond?.status).toBe(200);
    // The first relay's nonce sits below the second's: given back or spent on a no-op at once, so the
    // second settles now rather than after the watcher's gap filling (SIGNER_TIMEOUT_MS + 5 s).
    expect(await finalStatusAt(server, second)).toBe("succeeded");
    expect(Date.now() - released).toBeLessThan(10_000);
    expect(await submissionsOf(first)).toBe(0);
    expect(
      ((await (await gatewayAt(server, { paymentId: first, path: "/status" })).json()) as { status: string }).status,
    ).toBe("cancelled");
    expect(await evmTokenBalance("USDC", merchant.evmAddress)).toBe(1_600_000n);
  });
});

async function until(done: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
