import type { PaymentSnapshot } from "@/lib/webhooks/payment-snapshot";

export type Notice = { subject: string; body: string };

const WHAT: Record<string, string> = {
  "payment.paid_late": "was paid after it had expired",
  "payment.underpaid": "was paid less than asked",
  "payment.overpaid": "was paid more than asked",
  "payment.duplicate": "was paid twice",
  "payment.reorged": "lost its transfer to a chain reorganisation",
};

/** The email for a payment exception: which payment, what happened, where to decide. */
export function exceptionNotice(baseUrl: string, type: string, p: PaymentSnapshot): Notice {
  const what = WHAT[type] ?? `has an exception (${type})`;
  const lines = [
    `Payment ${p.id} (order ${p.reference_id}) ${what}.`,
    "",
    `Status: ${p.status}`,
    p.token_amount ? `Asked: ${p.token_amount} base units of ${p.token_caip19 ?? "the token"}` : undefined,
    p.received_amount ? `Received: ${p.received_amount} base units` : undefined,
    p.tx_hash ? `Transaction: ${p.tx_hash} on ${p.chain_id ?? "its network"}` : undefined,
    "",
    `Decide what to do with it (mark it as paid, refund): ${baseUrl}/dashboard/payments/${p.id}`,
    "",
    "You receive this because payment exception emails are on in your account's notification settings:",
    `${baseUrl}/dashboard/account`,
  ];
  return {
    subject: `Payment ${p.id} needs attention: it ${what}`,
    body: lines.filter((l) => l !== undefined).join("\n"),
  };
}

/** The email for an endpoint the delivery worker disabled after days of failures. */
export function endpointDisabledNotice(baseUrl: string, endpoint: { id: string; url: string }): Notice {
  return {
    subject: "A webhook endpoint was disabled after failing deliveries",
    body: [
      `The webhook endpoint ${endpoint.url} (${endpoint.id}) kept failing and has been disabled: no event is sent to it now.`,
      "Events keep being recorded; once the receiver works again, enable the endpoint and resend what failed:",
      `${baseUrl}/dashboard/webhooks`,
      "",
      `Notification settings: ${baseUrl}/dashboard/account`,
    ].join("\n"),
  };
}

/** The email to a user who just signed in from a browser their account had not used before. */
export function newDeviceNotice(baseUrl: string, at: Date, device: { userAgent?: string; ip?: string }): Notice {
  return {
    subject: "New sign-in to your dashboard account",
    body: [
      `Your account signed in from a new browser on ${at.toISOString().slice(0, 16).replace("T", " ")} UTC.`,
      device.userAgent ? `Browser: ${device.userAgent}` : undefined,
      device.ip ? `Address: ${device.ip}` : undefined,
      "",
      "If this was you, there is nothing to do. If not, change your password and sign out every session:",
      `${baseUrl}/dashboard/account`,
    ]
      .filter((l) => l !== undefined)
      .join("\n"),
  };
}

/** The operator's email for a gas key under its warning line. */
export function gasLowNotice(entry: {
  network: string;
  address: string;
  balance: string | null;
  symbol: string;
  warnBelow: string;
}): Notice {
  return {
    subject: `Gas key low on ${entry.network}: ${entry.balance ?? "?"} ${entry.symbol}`,
    body: [
      `The service's gas key ${entry.address} on ${entry.network} holds ${entry.balance ?? "an unknown amount"} ${entry.symbol},`,
      `under its warning line of ${entry.warnBelow} ${entry.symbol}. Payments it pays fees for stop when it runs out.`,
      "Top it up. This email is sent at most once a day per key while it stays low.",
    ].join("\n"),
  };
}
