"use client";

import QRCode from "qrcode";
import { useEffect, useState } from "react";

/** `text` as a QR code image, encoded in the browser (the text may be a secret the server keeps no copy of). */
export function QrCode({
  text,
  size,
  alt,
  className,
}: {
  text: string;
  size: number;
  alt: string;
  className?: string;
}) {
  const [qr, setQr] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toDataURL(text, { errorCorrectionLevel: "M", margin: 2, width: size, type: "image/png" }).then(
      (url) => current && setQr({ text, url }),
      () => current && setQr(null),
    );
    return () => {
      current = false;
    };
  }, [text, size]);
  // Never show the previous text's code while the new one is encoded.
  if (!qr || qr.text !== text) return <div style={{ width: size, height: size }} aria-hidden="true" />;
  // eslint-disable-next-line @next/next/no-img-element -- a data: URL made here; next/image has nothing to optimise
  return <img src={qr.url} width={size} height={size} alt={alt} className={className} />;
}
