"use client";

import QRCode from "qrcode";
import { useEffect, useState } from "react";

/**
 * `text` as a PNG QR code (data: URL), encoded in the browser. This module is part of the phone-wallet
 * chunk, which loads only when the buyer opens that view, so the encoder never weighs on first load.
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
