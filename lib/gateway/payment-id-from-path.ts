import { paymentIdParam } from "@/lib/payments/schemas";

/**
 * A gateway path's `{id}`: a bare `pay_…` id, or a whole payment link the WalletConnect Pay SDK
 * URL-encoded (once or twice) into the path for hosts it does not know; its `pid` holds the id.
 * Undefined when neither form yields a payment id.
 */
export function paymentIdFromPath(segment: string): string | undefined {
  let value = segment;
  for (let i = 0; i < 3; i++) {
    if (paymentIdParam.safeParse(value).success) return value;
    if (URL.canParse(value)) {
      const pid = new URL(value).searchParams.get("pid");
      return pid && paymentIdParam.safeParse(pid).success ? pid : undefined;
    }
    try {
      const decoded = decodeURIComponent(value);
      if (decoded === value) return undefined;
      value = decoded;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
