import { test } from "@playwright/test";
import { testDatabaseUrl } from "../database-url";
import { startServer, type RunningServer } from "../server";
import { startSmtpSink } from "../smtp-sink";

export type MailingServer = { server: RunningServer; sink: Awaited<ReturnType<typeof startSmtpSink>> };

/**
 * For a spec file: a server of the same build on the suite's database and chains that sends its email
 * through a real SMTP server on loopback (started here too), both stopped after the file's tests.
 * Read its fields inside the tests (they are set before the first one runs).
 */
export function mailingServerForFile(name: string): MailingServer {
  const running = {} as MailingServer;
  test.beforeAll(async () => {
    running.sink = await startSmtpSink();
    running.server = await startServer(
      {
        DATABASE_URL: testDatabaseUrl(),
        DEVNET_FILE: process.env.E2E_DEVNET_FILE!,
        SIGN_UP: "open",
        SMTP_URL: running.sink.url,
        EMAIL_FROM: "Shop <pay@shop.test>",
      },
      name,
    );
  });
  test.afterAll(async () => {
    await running.server?.stop();
    await running.sink?.stop();
  });
  return running;
}
