import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { AdornedAvatar, MallBadge } from "./Adornment";

const html = (el: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(el);

describe("what the point mall gives to wear (ADR 0052)", () => {
  test("a frame takes the avatar's own box: the picture shrinks inside it, so rows do not move", () => {
    const plain = html(createElement(AdornedAvatar, { src: "/demo/avatar-1.svg", size: 44 }));
    expect(plain).not.toContain("mall-frame");
    expect(plain).toContain("width:44px;height:44px");
    const framed = html(createElement(AdornedAvatar, { src: "/demo/avatar-1.svg", size: 44, frame: "gold" }));
    expect(framed).toContain('data-frame="gold"');
    expect(framed).toContain("width:44px;height:44px;padding:3px");
    expect(framed).toContain('width="38"');
    // A look the web does not know is still drawn, as gold.
    const unknown = html(createElement(AdornedAvatar, { src: null, size: 84, frame: "ruby" }));
    expect(unknown).toContain('data-frame="ruby"');
    expect(unknown).toContain("conic-gradient(from_45deg,#fde68a");
  });

  test("a badge's words are its accessible name; compact, they are its tooltip too; none draws nothing", () => {
    expect(html(createElement(MallBadge, { badge: "Trusted Trader" }))).toMatch(/<span>Trusted Trader<\/span><\/span>$/);
    const compact = html(createElement(MallBadge, { badge: "Trusted Trader", compact: true }));
    expect(compact).toContain('title="Trusted Trader"');
    expect(compact).toContain('<span class="sr-only">Trusted Trader</span>');
    expect(html(createElement(MallBadge, { badge: null }))).toBe("");
  });
});
