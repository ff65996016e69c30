"use client";

import Image from "next/image";
import { useQrDataUrl } from "./use-qr-data-url";

/** `text` as a QR code image; an empty square of the same size while it is encoded. */
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
  const qr = useQrDataUrl(text, size);
  if (!qr) return <div style={{ width: size, height: size }} aria-hidden="true" />;
  // A data: URL made here: nothing for the image optimizer to fetch.
  return <Image src={qr} width={size} height={size} alt={alt} className={className} unoptimized />;
}
