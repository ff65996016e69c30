import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

export type Email = { to: string; subject: string; text: string };

let transport: Transporter | undefined;

/**
 * The one way the service sends email: through SMTP_URL with nodemailer, or, with it unset, into the
 * log (development: the demo prints its emails there). Throws when the SMTP server refuses, so a
 * caller decides whether that may be retried or only logged.
 */
export async function sendEmail(email: Email): Promise<void> {
  const { SMTP_URL, EMAIL_FROM, NODE_ENV } = env();
  if (!SMTP_URL) {
    const print = NODE_ENV === "production" ? log.warn.bind(log) : log.info.bind(log);
    print({ email: { from: EMAIL_FROM, ...email } }, "email not sent: SMTP_URL is unset, so here it is");
    return;
  }
  transport ??= nodemailer.createTransport(SMTP_URL);
  await transport.sendMail({ from: EMAIL_FROM, to: email.to, subject: email.subject, text: email.text });
  log.info({ to: email.to, subject: email.subject }, "email sent");
}
