import { getTranslations } from "next-intl/server";
import QRCode from "qrcode";
import { PaymentLinkField } from "./payment-link-field";
import { PhoneWallet } from "./phone-wallet";

/**
 * The ways to pay from another device: a phone wallet's scanner paying a payment request, and this
 * page's link as a QR code and a copy button, to open the checkout on a phone. The link's QR is
 * rendered on the server: that encoder never reaches the buyer's browser on first load.
 */
export async function ShareLink({ paymentId, url }: { paymentId: string; url: string }) {
  const t = await getTranslations("checkout.share");
  const qr = await QRCode.toDataURL(url, { errorCorrectionLevel: "M", margin: 1, width: 176, type: "image/png" });
  return (
    <>
      <PhoneWallet paymentId={paymentId} />
      <details className="share">
        <summary>{t("summary")}</summary>
        <div className="share-body">
          {/* A data: URL made here: nothing for the image optimizer to fetch, and a plain img keeps
              next/image's client code off the checkout's first load. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={qr} width={176} height={176} alt={t("qrAlt")} data-testid="link-qr" decoding="async" />
          <p className="muted">{t("hint")}</p>
          <PaymentLinkField url={url} />
        </div>
      </details>
    </>
  );
}
