import { inject } from "vitest";
import type { DevnetInfo } from "@payment-service/devnet";
import { gatewayAt, signWithDevnetBuyer as signAs, type Signed } from "./devnet-buyer";
import type { RunningServer } from "./server";

// The integration suite's view of devnet-buyer.ts: the buyers of the suite's devnet unless a test names another.
export { confirmAt, createPaymentAt, gatewayAt, type Signed } from "./devnet-buyer";

/** `signWithDevnetBuyer` of devnet-buyer.ts, with the suite's devnet unless `devnet` names another. */
export function signWithDevnetBuyer(
  server: Pick<RunningServer, "url">,
  {
    paymentId,
    namespace,
    symbol,
    buyerIndex,
    devnet = inject("devnet"),
  }: { paymentId: string; namespace: "eip155" | "solana"; symbol: string; buyerIndex: number; devnet?: DevnetInfo },
): Promise<Signed> {
  return signAs(server, { paymentId, namespace, symbol, buyerIndex, devnet });
}

/** Polls `server`'s gateway status of the payment until it is final or `timeoutMs` pass; the last status read. */
export async function finalStatusAt(
  server: Pick<RunningServer, "url">,
  paymentId: string,
  timeoutMs = 30_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const body = (await (await gatewayAt(server, { paymentId, path: "/status" })).json()) as {
      status: string;
      isFinal: boolean;
    };
    if (body.isFinal || Date.now() > deadline) return body.status;
    await new Promise((r) => setTimeout(r, 200));
  }
}
