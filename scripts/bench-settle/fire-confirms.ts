import type { Prepared } from "./prepare";

export type Fired = {
  paymentId: string;
  startedAt: number;
  answeredAt: number;
  httpStatus: number;
  status?: string;
  error?: string;
};

/**
 * Every confirm at once, in payment order (instances alternate): each request is issued before
 * the first answer is awaited, and timed from just before it is issued. No maxPollMs, so each
 * answers as soon as its transfer is recorded and sent (`processing`).
 */
export async function fireConfirms(prepared: Prepared[]): Promise<Fired[]> {
  return Promise.all(
    prepared.map(async (p) => {
      const startedAt = performance.now();
      try {
        const res = await fetch(`${p.appUrl}/v1/gateway/payment/${p.paymentId}/confirm`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": p.clientIp },
          body: p.confirmBody,
        });
        const body = (await res.json()) as { status?: string; code?: string; message?: string };
        const answeredAt = performance.now();
        return {
          paymentId: p.paymentId,
          startedAt,
          answeredAt,
          httpStatus: res.status,
          status: body.status,
          error: res.ok ? undefined : `${body.code}: ${body.message}`,
        };
      } catch (err) {
        return { paymentId: p.paymentId, startedAt, answeredAt: performance.now(), httpStatus: 0, error: String(err) };
      }
    }),
  );
}
