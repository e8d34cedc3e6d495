import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { Island } from "./Island";
import { serializeProps } from "./props";

const HOSTILE = { note: "</script><script>alert(1)</script>", comment: "<!-- -->", amp: "a & b", lines: "x\u2028y\u2029z", nested: { n: 1, list: [null, true, "é"] } };

describe("island props in the page (ADR 0067)", () => {
  test("the JSON holds no <, > or &, nor a line separator, and reads back the same", () => {
    const text = serializeProps(HOSTILE);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(HOSTILE);
  });

  test("a prop cannot end the script element: the island's page has one script, closed once", () => {
    const Probe = ({ note }: { note: string }) => createElement("p", null, note);
    const html = renderToString(createElement(Island<typeof HOSTILE>, { name: "probe", component: Probe, props: HOSTILE }));
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(html.match(/<script/gi)).toHaveLength(1);
    const json = /<script type="application\/json" data-island-props="probe">(.*)<\/script>$/.exec(html)![1]!;
    expect(JSON.parse(json)).toEqual(HOSTILE);
    // The component is rendered inside the wrapper, with its props (React escapes the text).
    expect(html).toMatch(/^<div data-island="probe"><p>&lt;\/script&gt;/);
  });
});
