import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookEndpoints, type PreviousSecret } from "@/db/schema";
import { log } from "@/lib/log";
import { currentSealPrefix, SecretUnreadableError } from "@/lib/secrets/seal-secret";
import { openWebhookSecret, sealWebhookSecret } from "./seal-webhook-secret";

const BATCH = 200;

/**
 * Seal every webhook secret (current and replaced ones, of deleted endpoints too) that is not sealed
 * under the current SECRETS_KEY: plaintext rows from before secrets were encrypted, and rows sealed
 * under a key that is being rotated out. Runs at every start; each row is rewritten only if nobody
 * changed it meanwhile (a rotation), so instances starting together do no harm. A row no key opens is
 * left as it is and counted in the log line.
 */
export async function resealWebhookSecrets(db: Db): Promise<{ sealed: number; unreadable: number }> {
  const prefix = currentSealPrefix();
  const stale = sql`(${webhookEndpoints.secret} not like ${`${prefix}%`} or exists (
    select 1 from jsonb_array_elements(${webhookEndpoints.previousSecrets}) p where p->>'secret' not like ${`${prefix}%`}))`;
  const reseal = (id: string, stored: string) =>
    stored.startsWith(prefix) ? stored : sealWebhookSecret(id, openWebhookSecret(id, stored));
  let after = "";
  let sealed = 0;
  let unreadable = 0;
  for (;;) {
    const rows = await db
      .select({ id: webhookEndpoints.id, secret: webhookEndpoints.secret, previous: webhookEndpoints.previousSecrets })
      .from(webhookEndpoints)
      .where(and(gt(webhookEndpoints.id, after), stale))
      .orderBy(asc(webhookEndpoints.id))
      .limit(BATCH);
    for (const row of rows) {
      let secret: string;
      let previous: PreviousSecret[];
      try {
        secret = reseal(row.id, row.secret);
        previous = row.previous.map((p) => ({ ...p, secret: reseal(row.id, p.secret) }));
      } catch (err) {
        if (!(err instanceof SecretUnreadableError)) throw err;
        unreadable++;
        continue;
      }
      const updated = await db
        .update(webhookEndpoints)
        .set({ secret, previousSecrets: previous })
        .where(
          and(
            eq(webhookEndpoints.id, row.id),
            eq(webhookEndpoints.secret, row.secret),
            sql`${webhookEndpoints.previousSecrets} = ${JSON.stringify(row.previous)}::jsonb`,
          ),
        )
        .returning({ id: webhookEndpoints.id });
      sealed += updated.length;
    }
    if (rows.length < BATCH) break;
    after = rows.at(-1)!.id;
  }
  if (unreadable > 0)
    log.error({ job: "webhooks", unreadable }, "webhook secrets sealed under a key SECRETS_KEY does not hold");
  if (sealed > 0 || unreadable > 0) log.info({ job: "webhooks", sealed, unreadable }, "webhook secrets sealed");
  return { sealed, unreadable };
}
