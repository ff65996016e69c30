import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { merchants } from "@/db/schema";
import { parseOrThrow } from "@/lib/errors/validate";
import { merchantSettingsBody, settingsColumns, type MerchantSettings } from "@/lib/merchants/merchant-settings";
import type { AuditActor } from "./audit-actor";
import { recordAuditEvent } from "./record-audit-event";
import { settingsChanges } from "./settings-changes";

/**
 * updateMerchantSettings with its audit record: the row is read (locked), written and the change
 * recorded in one transaction, so the log names exactly what this save replaced (a receiving
 * address's old and new value). A save that changes nothing records nothing.
 */
export async function saveSettingsAudited(db: Db, actor: AuditActor, input: unknown): Promise<MerchantSettings> {
  const settings = parseOrThrow(merchantSettingsBody, input, "Settings");
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select(settingsColumns)
      .from(merchants)
      .where(eq(merchants.id, actor.merchantId))
      .for("update");
    await tx.update(merchants).set(settings).where(eq(merchants.id, actor.merchantId));
    const changes = settingsChanges(before, settings);
    if (Object.keys(changes).length)
      await recordAuditEvent(tx, {
        actor,
        action: "settings.updated",
        target: { kind: "merchant", id: actor.merchantId },
        details: changes,
      });
  });
  return settings;
}
