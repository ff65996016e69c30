import { expect, type Locator } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";

/**
 * The text a scanner reads from a QR image on the page: the image's own PNG (a data: URL), decoded
 * with a QR decoder that knows nothing of how the page made it.
 */
export async function readQr(image: Locator): Promise<string> {
  const src = await image.getAttribute("src");
  const base64 = /^data:image\/png;base64,(.+)$/.exec(src ?? "")?.[1];
  expect(base64, "the QR image is a PNG data: URL").toBeTruthy();
  const png = PNG.sync.read(Buffer.from(base64!, "base64"));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(code, "the image holds a QR code a scanner can read").not.toBeNull();
  return code!.data;
}
