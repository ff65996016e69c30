import { defineConfig } from "@playwright/test";

// Debian's Chromium, never a downloaded browser (scripts/ensure-chromium.sh installs it when missing).
export default defineConfig({
  testDir: "./e2e",
  globalSetup: "./support/e2e/global-setup.ts",
  outputDir: "./artifacts/playwright",
  timeout: 60_000,
  workers: 2,
  reporter: [["list"]],
  forbidOnly: true,
  use: {
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
    screenshot: "only-on-failure",
    trace: "off",
  },
});
