import { describe, expect, it } from "vitest";
import type { EntryContext } from "../kit/http.server";
import { sharedRender } from "./shared-render.server";

const TOKEN_A = "tokenAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
const TOKEN_B = "tokenBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB";

interface Visit {
  url?: string;
  token?: string;
  user?: object | null;
  toast?: string | null;
  shared?: boolean;
  status?: number;
  method?: string;
  catalog?: string;
  inlineStyles?: boolean;
  deferred?: boolean;
  errors?: object | null;
  singleFetch?: boolean;
}

let n = 0;
/** A page of its own for each test: the kept pages live in the module. */
const freshUrl = () => `http://shop.test/home?t=${++n}`;

function visit(v: Visit = {}) {
  const token = v.token ?? TOKEN_A;
  const layout = { user: v.user ?? null, toast: v.toast ?? null, csrf: token, ngnRate: 54673 };
  const loaderData = { root: { timeZone: "Africa/Lagos" }, "routes/_main": layout, "routes/_main.home": { catalog: v.catalog ?? "12 cards" } };
  const context = {
    staticHandlerContext: {
      matches: [{ route: { id: "root" } }, { route: { id: "routes/_main" } }, { route: { id: "routes/_main.home" } }],
      loaderData,
      actionData: null,
      errors: v.errors ?? null,
      activeDeferreds: v.deferred ? { "routes/_main.home": {} } : {},
    },
    routeModules: { "routes/_main.home": { handle: v.shared === false ? {} : { sharedRender: true } } },
    serverHandoffString: JSON.stringify({ state: { loaderData } }),
    future: { v3_singleFetch: v.singleFetch ?? false },
  } as unknown as EntryContext;
  const request = new Request(v.url ?? "http://shop.test/home", { method: v.method ?? "GET" });
  return { request, context, status: v.status ?? 200, head: { script: "", inlineStyles: v.inlineStyles ?? false, touches: null } };
}

const page = (token: string, extra = "") => `<form><input type="hidden" name="csrf" value="${token}"></form><script>{"csrf":"${token}"}</script>${extra}`;

function render(v: Visit, now?: number) {
  const { request, context, status, head } = visit(v);
  return sharedRender(request, status, context, head, now);
}

describe("sharedRender", () => {
  it("gives the next signed-out visitor the kept page, with their own token in every place the first one's was", () => {
    const url = freshUrl();
    const first = render({ url, token: TOKEN_A })!;
    expect(first.page()).toBeUndefined();
    first.keep(page(TOKEN_A), true);
    const next = render({ url, token: TOKEN_B })!.page();
    expect(next).toEqual({ html: page(TOKEN_B), styled: true });
    expect(next!.html).not.toContain(TOKEN_A);
  });

  it("keeps apart what the loaders, the URL or the first-visit styles make different", () => {
    const url = freshUrl();
    render({ url })!.keep(page(TOKEN_A, "catalog one"), false);
    expect(render({ url, catalog: "13 cards" })!.page()).toBeUndefined();
    expect(render({ url: freshUrl() })!.page()).toBeUndefined();
    expect(render({ url, inlineStyles: true })!.page()).toBeUndefined();
    expect(render({ url, token: TOKEN_B })!.page()?.html).toBe(page(TOKEN_B, "catalog one"));
  });

  it("shares nothing with or for a signed-in visitor, a toast, an error, an action, deferred data, another status, or a route that did not ask", () => {
    const refused: Visit[] = [
      { user: { nickname: "Ada" } },
      { toast: "Saved" },
      { errors: { "routes/_main.home": { message: "boom" } } },
      { method: "POST" },
      { deferred: true },
      { status: 404 },
      { shared: false },
      { token: "" },
      { singleFetch: true },
    ];
    for (const v of refused) expect(render(v), JSON.stringify(v)).toBeNull();
  });

  it("leaves alone any text of the page that looks like a placeholder: only the visitor's own token is swapped", () => {
    const url = freshUrl();
    const shown = '<a href="https://x.test/?SHARED_RENDER_CSRF_TOKEN">csrf-slot-</a>';
    render({ url, token: TOKEN_A })!.keep(page(TOKEN_A, shown), false);
    expect(render({ url, token: TOKEN_B })!.page()!.html).toBe(page(TOKEN_B, shown));
  });

  it("renders again once the kept page is a minute old", () => {
    const url = freshUrl();
    render({ url }, 1_000)!.keep(page(TOKEN_A), false);
    expect(render({ url }, 61_000)!.page()).toBeDefined();
    expect(render({ url }, 61_001)!.page()).toBeUndefined();
    expect(render({ url }, 61_002)!.page()).toBeUndefined();
  });

  it("keeps at most 32 pages, dropping the oldest", () => {
    const urls = Array.from({ length: 33 }, freshUrl);
    for (const url of urls) render({ url })!.keep(page(TOKEN_A), false);
    expect(render({ url: urls[0] })!.page()).toBeUndefined();
    expect(render({ url: urls[1] })!.page()).toBeDefined();
    expect(render({ url: urls[32] })!.page()).toBeDefined();
  });
});
