import { request } from "undici";
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
        // undici's request rather than the global fetch: the bench shares the machine with the app.
        const res = await request(`${p.appUrl}/v1/gateway/payment/${p.paymentId}/confirm`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": p.clientIp },
          body: p.confirmBody,
        });
        const body = (await res.body.json()) as { status?: string; code?: string; message?: string };
        const answeredAt = performance.now();
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        return {
          paymentId: p.paymentId,
          startedAt,
          answeredAt,
          httpStatus: res.statusCode,
          status: body.status,
          error: ok ? undefined : `${body.code}: ${body.message}`,
        };
      } catch (err) {
        return { paymentId: p.paymentId, startedAt, answeredAt: performance.now(), httpStatus: 0, error: String(err) };
      }
    }),
  );
}
