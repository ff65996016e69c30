import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedEmail = { from: string; to: string[]; subject: string; text: string };

/**
 * A real SMTP server on loopback that keeps what it receives: the service sends to it through
 * nodemailer exactly as it would to the operator's server. No TLS, no auth (as a local relay).
 */
export async function startSmtpSink(options: { onMail?: (mail: ReceivedEmail) => void } = {}): Promise<{
  url: string;
  received: ReceivedEmail[];
  waitFor: (match: (m: ReceivedEmail) => boolean, timeoutMs?: number) => Promise<ReceivedEmail>;
  stop: () => Promise<void>;
}> {
  const received: ReceivedEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const email = {
            from: mail.from?.text ?? "",
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? "",
            text: mail.text ?? "",
          };
          received.push(email);
          options.onMail?.(email);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(match, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = received.find(match);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no matching email within ${timeoutMs} ms (got ${received.length})`);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
