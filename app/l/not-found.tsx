import { useTranslations } from "next-intl";

export default function PaymentLinkNotFound() {
  const t = useTranslations("paymentLink.notFound");
  return (
    <main>
      <div className="card" role="alert">
        <h1>{t("title")}</h1>
        <p className="muted">{t("body")}</p>
      </div>
    </main>
  );
}
