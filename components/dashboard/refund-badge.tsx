/** A succeeded payment the merchant refunded, next to its status (which stays Succeeded). */
export function RefundBadge({ refundedAt }: { refundedAt: string | Date | null | undefined }) {
  if (!refundedAt) return null;
  return (
    <span className="dash-refunded" data-refunded="true">
      Refunded
    </span>
  );
}
