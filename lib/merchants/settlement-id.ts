import { createHash } from "node:crypto";
import { base62 } from "@/lib/ids";

/**
 * The id of a merchant's crypto settlement destination for one asset: `stl_` and 128 bits of
 * SHA-256 over (merchant, asset). Derived rather than random because a merchant has exactly one
 * destination per asset, whether set through the Platform API or inherited from its receiving
 * address: the id names that slot, so it is the same before and after a PUT replaces it, and an
 * inherited destination has an id to PUT to without a row of its own.
 */
export function settlementId(merchantId: string, asset: string): string {
  return `stl_${base62(createHash("sha256").update(`settlement\n${merchantId}\n${asset}`).digest().subarray(0, 16))}`;
}
