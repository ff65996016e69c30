import { parseAssetId } from "@/lib/chains/caip";
import { loadNetworks } from "@/lib/chains/load-networks";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors/api-error";

/**
 * A Solana asset as one path segment: its CAIP-19 (`solana:<genesis>/token:<mint>`, `…/slip44:501`)
 * with ':' and '/' written as '.' (`solana.<genesis>.token.<mint>`), which neither base58 nor a CAIP
 * namespace contains. The link stays
 * free of percent-escapes and query parameters, so the `solana:` URI carries it as it is (Solana Pay:
 * a link without a query is not URL-encoded) and its QR code stays small.
 */
export function assetSlug(caip19: string): string {
  return caip19.replace(/[:/]/g, ".");
}

/** The Solana network and configured token a path's asset segment names, else 404 `not_found`. */
export function solanaAssetOfSlugOrThrow(slug: string) {
  const [namespace, chain, assetNamespace, reference, ...rest] = slug.split(".");
  const asset =
    namespace === "solana" && rest.length === 0
      ? parseAssetId(`solana:${chain}/${assetNamespace}:${reference}`)
      : undefined;
  const network = asset && loadNetworks().find((n) => n.chainId === asset.chain.id);
  const token = network?.tokens.find((t) => t.caip19 === asset!.id);
  if (!network || !token) throw new ApiError("not_found", "No Solana asset of this service has this name");
  return { network, token };
}

/** The transaction request's link: where a Solana Pay wallet GETs the label and icon and POSTs its account. */
export function transactionRequestLink(paymentId: string, caip19: string): string {
  return `${env().PUBLIC_BASE_URL}/v1/gateway/payment/${paymentId}/solana-pay/${assetSlug(caip19)}`;
}

/**
 * Whether wallets can use transaction requests here: Solana Pay accepts only an https link, so a
 * service on a plain-http base URL (a local demo) offers transfer requests alone.
 */
export function transactionRequestsServed(): boolean {
  return env().PUBLIC_BASE_URL.startsWith("https://");
}
