/** The Verify ID form as a seller fills it (every field but the photos), and what it typed. */
import type { Page } from "playwright-core";

export const KYC_TYPED = { "Real name": "Ada Obi", "ID number": "A12345678", "Social account": "+2348012345678", "Birth date": "1991-03-09" } as const;

export async function fillKycFields(page: Page) {
  await page.getByLabel("Passport").check();
  for (const [label, value] of Object.entries(KYC_TYPED)) await page.getByLabel(label).fill(value);
  await page.getByLabel("I promise", { exact: false }).check();
}
