/**
 * Security headers of the hosted checkout. Scripts run only with this response's nonce (Next.js
 * puts it on its own scripts; 'strict-dynamic' lets them load the wallet chunks on demand), the
 * page cannot be framed (clickjacking a payment), and no referrer leaks the payment link.
 */
export function checkoutSecurityHeaders(
  nonce: string,
  opts: { dev: boolean; walletConnect?: boolean; publicOrigin?: string },
): Record<string, string> {
  // WalletConnect (only when configured): its relay and the QR modal's wallet directory.
  const walletConnect = opts.walletConnect
    ? " https://*.walletconnect.org wss://*.walletconnect.org https://*.walletconnect.com wss://*.walletconnect.com https://*.web3modal.org https://*.reown.com"
    : "";
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${opts.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    // Merchant and token icons are operator-configured HTTPS URLs; wallets announce data: icons.
    // Icons served by this app come as full URLs on PUBLIC_BASE_URL, which may be plain http on
    // another host name than the browser used (a local demo), so that origin is named too.
    `img-src 'self'${opts.publicOrigin && !opts.publicOrigin.startsWith("https:") ? ` ${opts.publicOrigin}` : ""} data: https:`,
    "font-src 'self'",
    // The page talks only to this service; wallets reach their chains from their own context.
    `connect-src 'self'${walletConnect}${opts.dev ? " ws:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    ...(opts.walletConnect ? ["frame-src 'self' https://*.walletconnect.org https://*.reown.com"] : []),
    "frame-ancestors 'none'",
  ].join("; ");
  return {
    "Content-Security-Policy": csp,
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  };
}
