import { metricsHost } from "./metrics-host";

/** What an attempt's receiver did, as the `result` label: bounded, whatever the receiver answered. */
export function attemptResultOf(outcome: { statusCode: number | null; timedOut?: boolean }): string {
  if (outcome.statusCode !== null)
    return outcome.statusCode >= 200 && outcome.statusCode < 300 ? "delivered" : "failed";
  return outcome.timedOut ? "timed_out" : "error";
}

/** Count one webhook attempt once it is recorded. */
export function countWebhookAttempt(outcome: { statusCode: number | null; timedOut?: boolean }): void {
  try {
    metricsHost().webhookAttempts.inc({ result: attemptResultOf(outcome) });
  } catch {
    // A broken series is no reason to fail the delivery it counts.
  }
}
