import { useTranslations } from "next-intl";
import type { CheckoutStatus } from "./use-payment-status";

export function StatusPill({ status }: { status: CheckoutStatus }) {
  const t = useTranslations("checkout.status");
  return (
    <span className="status" data-status={status} data-testid="payment-status" role="status">
      {t(status)}
    </span>
  );
}
