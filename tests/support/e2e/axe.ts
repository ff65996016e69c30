import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** axe's serious and critical findings on the page as it is now, one line each (minor ones are left to review). */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** No serious or critical axe violations on the page once it has settled. */
export async function expectAccessible(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  // Retried briefly: a page caught mid-refresh is not the page a user stays on; a real violation persists.
  await expect(async () => expect(await seriousAxeViolations(page)).toEqual([])).toPass({ timeout: 10_000 });
}
