const LABELS: Record<string, string> = {
  requires_action: "Awaiting payment",
  processing: "Processing",
  succeeded: "Succeeded",
  failed: "Failed",
  expired: "Expired",
  created: "Created",
  refunded: "Refunded",
};

export function statusLabel(status: string): string {
  return LABELS[status] ?? status;
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className="dash-status" data-status={status}>
      {statusLabel(status)}
    </span>
  );
}
