import Image from "next/image";
import QRCode from "qrcode";
import { PaymentLinkField } from "./payment-link-field";

/**
 * The payment link as a QR code and a copy button, so a phone wallet can pay a link opened on a
 * desktop. Rendered on the server: the QR encoder never reaches the buyer's browser.
 */
export async function ShareLink({ url }: { url: string }) {
  const qr = await QRCode.toDataURL(url, { errorCorrectionLevel: "M", margin: 1, width: 176, type: "image/png" });
  return (
    <details className="share">
      <summary>Pay with a phone wallet</summary>
      <div className="share-body">
        {/* A data: URL made here: nothing for the image optimizer to fetch. */}
        <Image
          src={qr}
          width={176}
          height={176}
          alt="QR code of this payment link"
          data-testid="payment-qr"
          unoptimized
        />
        <p className="muted">Scan with your phone, or copy the link into your wallet&apos;s browser.</p>
        <PaymentLinkField url={url} />
      </div>
    </details>
  );
}
