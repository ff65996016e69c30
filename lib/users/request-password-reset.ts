import { createHash } from "node:crypto";
import { z } from "zod";
import type { Db } from "@/db/client";
import { emailSchema } from "@/lib/dashboard/credentials";
import { sendEmail } from "@/lib/email/send-email";
import { env } from "@/lib/env";
import { parseOrThrow } from "@/lib/errors/validate";
import { rateLimiter } from "@/lib/http/assert-within-rate-limit";
import { log } from "@/lib/log";
import { findUser } from "./find-user";
import { issuePasswordReset, PASSWORD_RESET_TTL_MS } from "./password-reset";

const body = z.object({ email: emailSchema });

/**
 * "Forgot your password?": email a single-use reset link to the address, if it is an active user's.
 * The answer is the same whether it is or not, and the email goes out after the answer, so neither
 * its words nor its time tell a stranger which addresses have accounts. Limited per network and per
 * address (429 beyond), so nobody floods a mailbox or spends the SMTP budget.
 */
export async function requestPasswordReset(db: Db, input: unknown, network: string): Promise<void> {
  const { email } = parseOrThrow(body, input);
  const limits = await rateLimiter();
  await limits.consume("password_reset_network", network);
  await limits.consume("password_reset_email", createHash("sha256").update(email).digest("hex"));
  const user = await findUser(db, email);
  if (!user || user.disabledAt) return;
  const reset = await issuePasswordReset(db, user.id);
  void sendEmail(resetEmail(user.email, reset.url)).catch((err: unknown) =>
    log.error({ err: String(err), userId: user.id }, "password reset email not sent"),
  );
}

function resetEmail(to: string, url: string) {
  const host = new URL(env().PUBLIC_BASE_URL).host;
  const minutes = PASSWORD_RESET_TTL_MS / 60_000;
  return {
    to,
    subject: "Reset your dashboard password",
    text: [
      `Someone asked to reset the password of your payment dashboard account at ${host}.`,
      "",
      `Open this link within ${minutes} minutes to choose a new password (it works once):`,
      url,
      "",
      "Choosing a new password signs out every session of your account.",
      "If it was not you, ignore this email: your password stays as it is.",
    ].join("\n"),
  };
}
