import { inject } from "vitest";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { createPaymentRequest, type TestMerchant } from "./api";
import { testDb } from "./db";

/** A merchant with the devnet's receiving addresses on both chains (or only those asked for). */
export async function chainMerchant(which: { evm?: boolean; solana?: boolean } = { evm: true, solana: true }): Promise<TestMerchant> {
  const devnet = inject("devnet");
  return createMerchant(testDb().db, {
    name: "Chain Shop",
    currency: "USD",
    evmAddress: which.evm ? devnet.evm.merchant.address : null,
    solanaAddress: which.solana ? devnet.solana.merchant.publicKey : null,
  });
}

export async function newPayment(merchant: TestMerchant, value = "1250", extra: Record<string, unknown> = {}): Promise<{ paymentId: string; gatewayUrl: string }> {
  const res = await createPaymentRequest(merchant, { amount: { unit: "iso4217/USD", value }, referenceId: `gw-${Date.now()}`, ...extra });
  if (res.status !== 201) throw new Error(`create failed ${res.status}`);
  return res.json();
}

export function gw(paymentId: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${inject("baseUrl")}/v1/gateway/payment/${paymentId}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Poll the gateway status until final (or time out). */
export async function waitFinal(paymentId: string, timeoutMs = 30_000): Promise<{ status: string; isFinal: boolean; info: unknown }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const body = await (await gw(paymentId, "/status")).json();
    if (body.isFinal || Date.now() > deadline) return body;
    await new Promise((r) => setTimeout(r, 200));
  }
}
