import { sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { webhookRateLimits } from "@/db/schema";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors/api-error";

/** What a merchant asks the worker to send besides its events: each is work and a request to its receiver. */
export type WebhookAction = "test" | "resend";

const WORDS: Record<WebhookAction, string> = { test: "test events", resend: "resends" };

/**
 * Count one `action` of the merchant against its allowance per minute (WEBHOOK_TESTS_PER_MINUTE,
 * WEBHOOK_RESENDS_PER_MINUTE), in a fixed one-minute window shared by every instance; past it, 429
 * `rate_limited` with the seconds until the window ends. Runs in the caller's transaction, so a call
 * refused for another reason (404, 409) is not counted, and neither is the refused one.
 */
export async function consumeWebhookAllowance(tx: Tx, merchantId: string, action: WebhookAction): Promise<void> {
  const settings = env();
  const limit = action === "test" ? settings.WEBHOOK_TESTS_PER_MINUTE : settings.WEBHOOK_RESENDS_PER_MINUTE;
  const t = webhookRateLimits;
  const ended = sql`${t.windowStart} <= now() - interval '1 minute'`;
  const [row] = await tx.execute<{ used: number; retry_after: number }>(sql`
    insert into ${t} (merchant_id, action, window_start, used) values (${merchantId}, ${action}, now(), 1)
    on conflict (merchant_id, action) do update set
      window_start = case when ${ended} then now() else ${t.windowStart} end,
      used = case when ${ended} then 1 else ${t.used} + 1 end
    returning used, ceil(extract(epoch from window_start + interval '1 minute' - now()))::int as retry_after`);
  if (row!.used <= limit) return;
  const seconds = Math.max(1, row!.retry_after);
  throw new ApiError("rate_limited", `At most ${limit} ${WORDS[action]} per minute; try again in ${seconds} seconds`, {
    retryAfterSeconds: seconds,
  });
}
