import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { checkoutSecurityHeaders } from "@/lib/http/checkout-security-headers";

/**
 * A fresh CSP nonce per checkout request. Next.js reads the policy from the request headers and
 * stamps the nonce on the scripts it renders; the browser gets the same policy on the response.
 */
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const { NODE_ENV, WALLETCONNECT_PROJECT_ID, PUBLIC_BASE_URL } = env();
  const headers = checkoutSecurityHeaders(nonce, {
    dev: NODE_ENV === "development",
    walletConnect: Boolean(WALLETCONNECT_PROJECT_ID),
    publicOrigin: new URL(PUBLIC_BASE_URL).origin,
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]!);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = { matcher: ["/pay", "/pos"] };
