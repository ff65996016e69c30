/** `<url>?payment_id=<id>`, keeping any query the merchant's URL already has. */
export function redirectTarget(url: string, paymentId: string): string {
  const target = new URL(url);
  target.searchParams.set("payment_id", paymentId);
  return target.toString();
}
