import type { PosCredentials } from "./pos-api";

const STORAGE_KEY = "pos-credentials";

/**
 * The device's key: taken from a setup link's fragment (`/pos#merchant=…&key=…`, never sent to a
 * server) and kept in this browser only; the fragment is then dropped from the address bar and history.
 */
export function loadCredentials(): PosCredentials | null {
  const fromLink = credentialsFromHash(window.location.hash);
  if (fromLink) {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(fromLink));
    window.history.replaceState(null, "", window.location.pathname);
    return fromLink;
  }
  try {
    const saved = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? "null") as PosCredentials | null;
    return saved && typeof saved.merchantId === "string" && typeof saved.key === "string" ? saved : null;
  } catch {
    return null;
  }
}

/** A pasted setup link works as a scanned one. */
export function saveCredentialsFromLink(link: string): PosCredentials | null {
  const hash = link.includes("#") ? link.slice(link.indexOf("#")) : "";
  const creds = credentialsFromHash(hash);
  if (creds) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(creds));
  return creds;
}

export function forgetCredentials(): void {
  window.localStorage.removeItem(STORAGE_KEY);
}

function credentialsFromHash(hash: string): PosCredentials | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const merchantId = params.get("merchant");
  const key = params.get("key");
  return merchantId && key ? { merchantId, key } : null;
}
