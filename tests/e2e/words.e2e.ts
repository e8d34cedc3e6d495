/**
 * The grammar review's words as users meet them, with JavaScript on and off: a
 * blocked user's page speaks of them as a person, the identity check's rules say what must match,
 * and the sound switch says why it needs JavaScript in plain words.
 */
import { describe, expect, test } from "vitest";
import { apiClient } from "./support/api";
import { signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "words" });
const api = apiClient(() => e2e.server.apiUrl);

for (const js of [true, false]) {
  const tag = js ? "js" : "nojs";
  describe(`words ${js ? "with" : "without"} JavaScript`, () => {
    test("a blocked user's page, the identity check's rules, the sound switch", () =>
      e2e.withPage(js, async (page) => {
        const seller = await newSeller(e2e.server.apiUrl, `words-${tag}`);
        const other = await newSeller(e2e.server.apiUrl, `words-other-${tag}`);
        const token = await api.login(seller);
        const otherId = await api.userId(await api.login(other));
        await api.call("/userRelationship/addBlock", { toUser: otherId }, token);

        await signInAs(page, e2e.server.url, js, seller, `/userInfo/${otherId}`);
        await page.getByText("You blocked this user: you do not see their offers, and they cannot message you.").waitFor();

        await page.goto(`${e2e.server.url}/security/kycVerification`);
        await page.waitForLoadState("load");
        await page.getByText("The name on it matches the name on your bank accounts.").waitFor();

        await page.goto(`${e2e.server.url}/profile`);
        await page.waitForLoadState("load");
        if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });
        const sound = await page.locator("main").innerText();
        if (js) expect(sound).toContain("A short sound when a chat message arrives.");
        else expect(sound).toContain("This needs JavaScript, as the live chat does.");
      }));
  });
}
