/**
 * Filters are steps in the browser's history, with JavaScript on and
 * off: on the signed-in lists with a date range (/account, /withdrawList,
 * /orderList), setting From and then To and pressing Back shows the From-only
 * filter again (URL, fields and list); Back once more shows the unfiltered list
 * on the same page; Reset is a step too. The advert list's filters are covered
 * in browse.e2e.ts.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";

const e2e = useServerAndBrowser({ failureShots: "filter-history" });

const SELLER = { email: "seller@demo.test", password: "demo1234" };

/** A keeps every row, B none (where the demo seller has any). */
const A = { start: "2000-01-01" };
const B = { start: "2000-01-01", end: "2000-01-02" };

const LISTS = [
  { path: "/account", form: "Filter transactions", list: 'section[aria-labelledby="bills-title"]', apply: "Apply" },
  { path: "/withdrawList", form: "Filter withdrawals", list: 'section[aria-label="Withdrawals"]', apply: "Apply" },
  { path: "/orderList", form: "Filter orders", list: 'section[aria-label="Active Orders"]', apply: "Apply filters" },
] as const;

type ListSpec = (typeof LISTS)[number];

const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/** The list's rows as text, without ticking countdowns (mm:ss) that change by themselves. */
async function listText(page: Page, spec: ListSpec): Promise<string> {
  const text = await page.locator(spec.list).innerText();
  return text.replace(/\b\d{1,2}:\d{2}(:\d{2})?\b/g, "");
}

async function setDate(page: Page, js: boolean, spec: ListSpec, field: "From" | "To", value: string, want: Record<string, string>) {
  const form = page.getByRole("form", { name: spec.form });
  await form.getByLabel(field).fill(value);
  if (!js) await form.getByRole("button", { name: spec.apply }).click();
  await page.waitForURL((u) => Object.entries(want).every(([k, v]) => u.searchParams.get(k) === v));
  await page.waitForLoadState("load");
  if (js) await page.waitForFunction(() => !document.querySelector("[aria-busy]"));
}

async function expectFields(page: Page, spec: ListSpec, start: string, end: string) {
  const form = page.getByRole("form", { name: spec.form });
  // Polled: with JavaScript the URL changes a moment before the page is drawn again.
  await expect.poll(async () => [await form.getByLabel("From").inputValue(), await form.getByLabel("To").inputValue()]).toEqual([start, end]);
}

for (const js of [true, false]) {
  describe(`JavaScript ${js ? "on" : "off"}`, () => {
    for (const spec of LISTS) {
      test(`${spec.path}: each date-range change is a history entry; Back restores the previous range`, async () => {
        await e2e.withPage(js, async (page) => {
          await signInAs(page, e2e.server.url, js, SELLER, spec.path);
          const unfiltered = await listText(page, spec);

          await setDate(page, js, spec, "From", A.start, { start: A.start });
          const a = await listText(page, spec);
          await setDate(page, js, spec, "To", B.end, B);

          await page.goBack();
          // (Without JavaScript the form also sends the empty field: end=.)
          await page.waitForURL((u) => u.pathname === spec.path && u.searchParams.get("start") === A.start && !u.searchParams.get("end"));
          await expectFields(page, spec, A.start, "");
          await expect.poll(() => listText(page, spec)).toBe(a);

          await page.goBack();
          await page.waitForURL((u) => u.pathname === spec.path && !u.searchParams.has("start"));
          await expectFields(page, spec, "", "");
          await expect.poll(() => listText(page, spec)).toBe(unfiltered);

          // Reset: its own step, so Back brings the cleared range back.
          await page.goForward();
          await page.waitForURL((u) => u.searchParams.get("start") === A.start);
          await page.getByRole("form", { name: spec.form }).getByRole("link", { name: /^Reset/ }).click();
          await page.waitForURL((u) => u.pathname === spec.path && !u.searchParams.has("start"));
          await expectFields(page, spec, "", "");
          await page.goBack();
          await page.waitForURL((u) => u.searchParams.get("start") === A.start);
          await expectFields(page, spec, A.start, "");
          expect(params(page)).toMatchObject({ start: A.start });
        });
      });
    }
  });
}
