"use client";

import QRCode from "qrcode";
import { useEffect, useState } from "react";

/**
 * `text` as a PNG QR code (data: URL), encoded in the browser (the text may be a secret the server keeps no
 * copy of). Import it only from code loaded on demand (the phone-wallet panel, the point of sale, the
 * dashboard's one-time setup codes), so the encoder never weighs on a page's first load.
 */
export function useQrDataUrl(text: string | undefined, width: number): string | null {
  const [qr, setQr] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    if (!text) return;
    let current = true;
    QRCode.toDataURL(text, { errorCorrectionLevel: "M", margin: 2, width, type: "image/png" }).then(
      (url) => current && setQr({ text, url }),
      () => current && setQr(null),
    );
    return () => {
      current = false;
    };
  }, [text, width]);
  // Never show the previous request's code under the new request's amount.
  return qr && qr.text === text ? qr.url : null;
}
