import { and, eq } from "drizzle-orm";
import { paymentSubmissions } from "@/db/schema";

/** The payment's submission of `txHash` while it is still open: the guard of every write that moves one on. */
export function openSubmission(paymentId: string, txHash: string) {
  return and(
    eq(paymentSubmissions.paymentId, paymentId),
    eq(paymentSubmissions.txHash, txHash),
    eq(paymentSubmissions.state, "open"),
  );
}
