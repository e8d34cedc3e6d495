import { describe, expect, test } from "vitest";
import { publicFileCaching } from "../../contract/http-delivery";
import { isShellRequest, precacheList, pruneTo } from "./shell";

describe("the service worker's shell", () => {
  const list = precacheList({ stylesheet: "/build/_assets/tailwind-A.css", touches: "/build/_touches/touches-B.js", statics: ["/manifest.webmanifest"] });

  test("the offline page first, then what draws it", () => {
    expect(list).toEqual(["/offline", "/build/_assets/tailwind-A.css", "/build/_touches/touches-B.js", "/manifest.webmanifest"]);
  });

  test("the offline page is never answered from the shell when online (a navigation goes to the network)", () => {
    expect(isShellRequest("/offline", list)).toBe(false);
    expect(isShellRequest("/manifest.webmanifest", list)).toBe(true);
    expect(isShellRequest("/account", list)).toBe(false);
  });

  test("pruning drops the oldest entries beyond the limit", async () => {
    const keys = ["a", "b", "c", "d"].map((k) => new Request(`https://x.test/build/${k}.js`));
    const deleted: string[] = [];
    const cache = { keys: async () => keys, delete: async (r: RequestInfo | URL) => (deleted.push(new URL((r as Request).url).pathname), true) };
    expect(await pruneTo(cache as unknown as Cache, 3)).toBe(1);
    expect(deleted).toEqual(["/build/a.js"]);
    expect(await pruneTo(cache as unknown as Cache, 10)).toBe(0);
  });

  test("the worker's script is checked at every visit; other public files keep an hour", () => {
    expect(publicFileCaching("/sw.js")).toBe("no-cache");
    expect(publicFileCaching("/manifest.webmanifest")).toBe("public, max-age=3600");
  });
});
