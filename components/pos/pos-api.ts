/** The point of sale's calls to the service, with the device's key: what a POS key is allowed and nothing else. */

export type PosCredentials = { merchantId: string; key: string };

export type PaymentRequest = {
  chainId: string;
  asset: string;
  amount: { value: string; display: { assetSymbol: string; decimals: number; networkName: string } };
  kind: string;
  uri: string;
  expiresAt: number;
};

export type Charge = {
  payment: {
    paymentId: string;
    gatewayUrl: string;
    status: string;
    expiresAt: number;
    referenceId: string;
    amount: { value: string; currency: string };
  };
  merchantName: string;
  requests: PaymentRequest[];
};

export type PaymentStatus = {
  status: string;
  isFinal: boolean;
  info: { txId: string; optionAmount: { value: string; display: { assetSymbol: string; decimals: number } } } | null;
};

export type Sale = {
  paymentId: string;
  referenceId: string;
  status: string;
  amount: { value: string; currency: string };
  createdAt: string;
  refunded: boolean;
};

export type SalesToday = {
  merchant: { name: string; currency: string };
  since: string;
  totals: {
    sales: number;
    open: number;
    paid: { currency: string; count: number; amount: string; refunded: string }[];
  };
  sales: Sale[];
};

/** A refusal the counter shows as it is; `unauthorized` means the key was revoked or mistyped. */
export class PosApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
  /** The key was revoked or mistyped: the service refuses it, or knows no such merchant (404). */
  get unauthorized(): boolean {
    return this.status === 401 || this.status === 403 || this.status === 404;
  }
}

async function call<T>(creds: PosCredentials, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(path, {
    ...init,
    headers: { "api-key": creds.key, "merchant-id": creds.merchantId, ...(init.headers ?? {}) },
    cache: "no-store",
  });
  const body = (await res.json().catch(() => null)) as { message?: string } | null;
  if (!res.ok) throw new PosApiError(res.status, body?.message ?? `The service answered ${res.status}`);
  return body as T;
}

/** Local midnight of the device: "today" is the counter's day, not the server's. */
export function startOfToday(now = new Date()): string {
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  return midnight.toISOString();
}

export function fetchSalesToday(creds: PosCredentials): Promise<SalesToday> {
  return call(creds, `/v1/pos/sales?since=${encodeURIComponent(startOfToday())}`);
}

export function createCharge(creds: PosCredentials, amountMinor: string, idempotencyKey: string): Promise<Charge> {
  return call(creds, "/v1/pos/charges", {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": idempotencyKey },
    body: JSON.stringify({ amount: amountMinor }),
  });
}

/** Held by the server until the payment changes or 20 s pass (long poll). */
export function waitStatus(creds: PosCredentials, paymentId: string, signal: AbortSignal): Promise<PaymentStatus> {
  return call(creds, `/v1/payments/${encodeURIComponent(paymentId)}/status?maxPollMs=20000`, { signal });
}

/**
 * The buyer walked away: the same cancel a buyer's checkout sends, so the key needs no more power.
 * Awaited, so today's sales read right after it already show the sale cancelled; a refusal (the
 * buyer paid in the meantime) is thrown for the counter to show.
 */
export async function cancelCharge(paymentId: string): Promise<void> {
  const res = await fetch(`/v1/gateway/payment/${encodeURIComponent(paymentId)}/cancel`, { method: "POST" });
  if (res.ok) return;
  const body = (await res.json().catch(() => null)) as { message?: string } | null;
  throw new PosApiError(res.status, body?.message ?? `The service answered ${res.status}`);
}
