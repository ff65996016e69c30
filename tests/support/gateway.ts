import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { inject } from "vitest";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { createPaymentRequest, type TestMerchant } from "./api";
import { gatewayAt } from "./pay-steps";
import { testDb } from "./db";

export type ChainMerchant = TestMerchant & { evmAddress: string };

/**
 * A merchant receiving on both chains (or only those asked for). Its EVM address is fresh: the
 * devnet restarts with the same keys and nonces while the test database persists, so a transfer
 * to a shared address could repeat an earlier run's transaction hash, which the service refuses.
 */
export async function chainMerchant(
  which: { evm?: boolean; solana?: boolean } = { evm: true, solana: true },
): Promise<ChainMerchant> {
  const devnet = inject("devnet");
  const evmAddress = privateKeyToAccount(generatePrivateKey()).address;
  const created = await createMerchant(testDb().db, {
    name: "Chain Shop",
    currency: "USD",
    evmAddress: which.evm ? evmAddress : null,
    solanaAddress: which.solana ? devnet.solana.merchant.publicKey : null,
  });
  return { ...created, evmAddress };
}

export async function newPayment(
  merchant: TestMerchant,
  value = "1250",
  extra: Record<string, unknown> = {},
): Promise<{ paymentId: string; gatewayUrl: string }> {
  const res = await createPaymentRequest(merchant, {
    amount: { unit: "iso4217/USD", value },
    referenceId: `gw-${Date.now()}`,
    ...extra,
  });
  if (res.status !== 201) throw new Error(`create failed ${res.status}`);
  return res.json();
}

/**
 * A gateway call as a wallet makes it, from a client address of its own unless the test names one
 * (X-Forwarded-For), so per-address limits count only what a test does on purpose.
 */
export function gw(
  paymentId: string,
  path: string,
  { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> {
  return gatewayAt({ url: inject("baseUrl") }, { paymentId, path, body, headers });
}

/** Poll the gateway status until final (or time out). */
export async function waitFinal(
  paymentId: string,
  timeoutMs = 30_000,
): Promise<{ status: string; isFinal: boolean; info: unknown }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const body = await (await gw(paymentId, "/status")).json();
    if (body.isFinal || Date.now() > deadline) return body;
    await new Promise((r) => setTimeout(r, 200));
  }
}
