const LABELS: Record<string, string> = {
  paid_late: "Paid late",
  underpaid: "Underpaid",
  overpaid: "Overpaid",
  duplicate: "Paid twice",
  reorged: "Reorged",
  stuck: "Never landed",
};

export function exceptionLabel(exception: string): string {
  return LABELS[exception] ?? exception;
}

/**
 * Money that arrived outside the happy path, next to the status. The words carry the meaning (the
 * outline and colour only repeat it); screen readers hear why it is there.
 */
export function ExceptionBadge({ exception }: { exception: string | null | undefined }) {
  if (!exception) return null;
  return (
    <span className="dash-exception" data-exception={exception}>
      <span className="dash-visually-hidden">Needs attention: </span>
      {exceptionLabel(exception)}
    </span>
  );
}
