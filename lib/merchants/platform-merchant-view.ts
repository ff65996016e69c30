import type { merchants } from "@/db/schema";

type MerchantRow = typeof merchants.$inferSelect;

/**
 * A merchant as the Platform API shows it. Every merchant it can see is `active`: a deleted one is
 * not found, and the service has no inactive or suspended state.
 */
export function toPlatformMerchant(row: MerchantRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    status: "active" as const,
    iconUrl: row.iconUrl,
    createdAt: row.createdAt.toISOString(),
  };
}
