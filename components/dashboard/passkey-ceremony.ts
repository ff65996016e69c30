import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { dashboardFetch, type DashboardResult } from "./dashboard-fetch";

type Ceremony = "create" | "get";

/**
 * One WebAuthn ceremony: ask the server for options, let the browser and the authenticator answer,
 * and send the answer (with `extra` beside it) to `finishUrl`. Every failure, the user's own
 * cancellation included, comes back as a message to show, never a throw.
 */
export async function passkeyCeremony<T>(
  ceremony: Ceremony,
  urls: { options: string; finish: string },
  init: { csrfToken?: string; optionsBody?: unknown; extra?: Record<string, unknown> } = {},
): Promise<DashboardResult<T>> {
  if (!browserSupportsWebAuthn()) {
    return { ok: false, message: "This browser does not support passkeys", issues: [] };
  }
  const options = await dashboardFetch<Record<string, unknown>>(urls.options, {
    method: "POST",
    body: init.optionsBody,
    csrfToken: init.csrfToken,
  });
  if (!options.ok) return options;
  let response: unknown;
  try {
    response =
      ceremony === "create"
        ? await startRegistration({ optionsJSON: options.data as unknown as PublicKeyCredentialCreationOptionsJSON })
        : await startAuthentication({ optionsJSON: options.data as unknown as PublicKeyCredentialRequestOptionsJSON });
  } catch (err) {
    const name = err instanceof Error ? err.name : "";
    const message =
      name === "NotAllowedError"
        ? "The passkey prompt was closed or timed out; try again"
        : name === "InvalidStateError"
          ? "This device already holds a passkey for your account"
          : name === "SecurityError"
            ? // The page's host is not the relying party (PUBLIC_BASE_URL's host, or localhost for a loopback address).
              "Passkeys work only at this service's own address; open the dashboard there"
            : "The passkey could not be used; try again";
    return { ok: false, message, issues: [] };
  }
  return dashboardFetch<T>(urls.finish, {
    method: "POST",
    body: { ...init.extra, response },
    csrfToken: init.csrfToken,
  });
}
