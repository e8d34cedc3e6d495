import { readFileSync } from "node:fs";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import * as Icons from "./Icon";

const sprite = readFileSync(new URL("./icons.svg", import.meta.url), "utf8");
const symbols = new Set([...sprite.matchAll(/<symbol id="([\w-]+)" viewBox="0 0 24 24">/g)].map((m) => m[1]));

describe("the icon sprite (ADR 0041)", () => {
  const components = Object.entries(Icons).filter(([name]) => /^[A-Z]\w*Icon$/.test(name)) as [string, ComponentType<{ className?: string }>][];

  test("every icon component draws a symbol the sprite holds, and every symbol has a component", () => {
    expect(components.length).toBeGreaterThan(20);
    const used = new Set<string>();
    for (const [name, Icon] of components) {
      const html = renderToStaticMarkup(createElement(Icon, { className: "h-4 w-4" }));
      const id = /<use href="[^"]*#([\w-]+)"/.exec(html)?.[1];
      expect(id, name).toBeDefined();
      expect(symbols.has(id!), `${name} → #${id}`).toBe(true);
      expect(html, name).toContain('aria-hidden="true"');
      expect(html, name).toContain('class="h-4 w-4"');
      used.add(id!);
    }
    expect([...symbols].filter((id) => !used.has(id))).toEqual([]);
  });

  test("filled marks are filled and outline icons stroked", () => {
    const html = (C: ComponentType) => renderToStaticMarkup(createElement(C));
    expect(html(Icons.VerifiedIcon)).toContain('fill="currentColor"');
    expect(html(Icons.WhatsAppIcon)).toContain('stroke="none"');
    expect(html(Icons.BellIcon)).toContain('fill="none"');
    expect(html(Icons.BellIcon)).toContain('stroke="currentColor"');
  });

  test("<Icon name> covers the data-driven names", () => {
    for (const name of Object.keys(Icons.icons) as Icons.IconName[]) {
      expect(renderToStaticMarkup(createElement(Icons.Icon, { name })), name).toMatch(/<use href="[^"]*#[\w-]+"/);
    }
  });
});
