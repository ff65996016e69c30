import type { MerchantSettings } from "@/lib/merchants/merchant-settings";

type Change = { from: unknown; to: unknown };

/**
 * What a settings save changed, field by field, for the audit log. The icon is reported as changed
 * without its value (a data URL can be 48 kB); every other field with its old and new value.
 */
export function settingsChanges(before: MerchantSettings | undefined, after: MerchantSettings): Record<string, Change> {
  const changes: Record<string, Change> = {};
  for (const field of Object.keys(after) as (keyof MerchantSettings)[]) {
    const from = before?.[field] ?? null;
    const to = after[field] ?? null;
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    changes[field] =
      field === "iconUrl" ? { from: from ? "(an icon)" : null, to: to ? "(an icon)" : null } : { from, to };
  }
  return changes;
}
