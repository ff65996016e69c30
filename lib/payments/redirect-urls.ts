/** A redirect target must be an absolute HTTPS URL with a host (spec 4.1 rule 1). */
export function isHttpsUrl(value: string | null | undefined): value is string {
  if (!value || /\s/.test(value) || !URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === "https:" && url.hostname.length > 0;
}

/** Both URLs valid HTTPS: redirects on and both kept. Otherwise redirects off and neither kept. */
export function resolveRedirects(
  checkout: { successUrl?: string | null; errorUrl?: string | null } | null | undefined,
) {
  const successUrl = checkout?.successUrl;
  const errorUrl = checkout?.errorUrl;
  if (isHttpsUrl(successUrl) && isHttpsUrl(errorUrl)) {
    return { redirectsEnabled: true, successUrl, errorUrl };
  }
  return { redirectsEnabled: false, successUrl: null, errorUrl: null };
}
