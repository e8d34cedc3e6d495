import { describe, expect, it } from "vitest";
import { classesInHtml, criticalCss, parseStylesheet } from "./critical-css";

// Shaped like tailwind's minified output: resets, utilities with escapes, variants, media, keyframes.
const SHEET = [
  '/*! a licence line with "quotes" and { braces */',
  "*,:before,:after{--tw-ring-color: rgb(59 130 246 / .5)}",
  'a[href$=".pdf"]{color:blue}',
  '.quote:after{content:"}{"}',
  ".x:not(:is(.y,.z)){color:green}",
  "@supports (display:grid){.grid-ok{display:grid}}",
  'button,input:where([type="button"]){cursor:pointer}',
  "@keyframes pulse{50%{opacity:.5}}",
  ".pics-late img[data-late]{display:none}",
  ".mt-4{margin-top:1rem}",
  ".py-0\\.5{padding-top:.125rem}",
  ".w-1\\/2{width:50%}",
  ".h-\\[4\\.5rem\\]{height:4.5rem}",
  ".\\[\\&_ul\\]\\:flex-wrap ul{flex-wrap:wrap}",
  ".hover\\:bg-brand-700:hover{background:#2743b3}",
  ".group:hover .group-hover\\:underline{text-decoration:underline}",
  ".space-y-2>:not([hidden])~:not([hidden]){margin-top:.5rem}",
  ".sr-only:not(.focus\\:not-sr-only){position:absolute}",
  ".a,.b{color:red}",
  "@media (min-width:640px){.sm\\:flex{display:flex}.sm\\:hidden{display:none}}",
  "@media (min-width:768px){.md\\:grid{display:grid}}",
  ".\\32xl\\:p-1{padding:1px}",
].join("");

const sheet = parseStylesheet(SHEET);
const keep = (classes: string[]) => criticalCss(sheet, new Set(classes));

describe("the rules a page's first paint needs", () => {
  it("keeps the resets, element rules and keyframes whatever the page", () => {
    const css = keep([]);
    expect(css).toContain("*,:before,:after{--tw-ring-color");
    expect(css).toContain('button,input:where([type="button"]){cursor:pointer}');
    expect(css).toContain("@keyframes pulse{50%{opacity:.5}}");
    expect(css, "a dot in an attribute value names no class").toContain('a[href$=".pdf"]{color:blue}');
    expect(css).not.toContain("a licence line");
    expect(css).not.toContain(".mt-4");
    expect(css).not.toContain("@media");
  });

  it("keeps a utility only when its class is on the page, escapes undone", () => {
    const css = keep(["mt-4", "py-0.5", "w-1/2", "h-[4.5rem]", "[&_ul]:flex-wrap", "hover:bg-brand-700", "2xl:p-1"]);
    for (const rule of [".mt-4{", ".py-0\\.5{", ".w-1\\/2{", ".h-\\[4\\.5rem\\]{", ".\\[\\&_ul\\]\\:flex-wrap ul{", ".hover\\:bg-brand-700:hover{", ".\\32xl\\:p-1{"]) {
      expect(css).toContain(rule);
    }
    expect(css).not.toContain(".group-hover");
  });

  it("needs every class of a selector, but not those under :not(), and one selector of a list is enough", () => {
    expect(keep(["group-hover:underline"])).not.toContain("group-hover");
    expect(keep(["group", "group-hover:underline"])).toContain(".group:hover .group-hover\\:underline{");
    expect(keep(["space-y-2"])).toContain(".space-y-2>:not([hidden])");
    expect(keep(["sr-only"])).toContain(".sr-only:not(.focus\\:not-sr-only){position:absolute}");
    expect(keep(["b"])).toContain(".a,.b{color:red}");
    expect(keep(["pics-late"])).toContain(".pics-late img[data-late]{display:none}");
    expect(keep(["x"]), "classes under a nested :not() are not needed").toContain(".x:not(:is(.y,.z)){color:green}");
    expect(keep(["quote"]), "braces in a string do not end the rule").toContain('.quote:after{content:"}{"}');
    expect(keep(["mt-4"]), "nor do they start one").toContain(".mt-4{margin-top:1rem}");
  });

  it("keeps a media or supports block with only the rules inside it that stay", () => {
    expect(keep(["grid-ok"])).toContain("@supports (display:grid){.grid-ok{display:grid}}");
    expect(keep([])).not.toContain("@supports");
    expect(keep(["sm:hidden"])).toContain("@media (min-width:640px){.sm\\:hidden{display:none}}");
    expect(keep(["sm:hidden", "md:grid"])).toContain("@media (min-width:768px){.md\\:grid{display:grid}}");
  });

  it("reads the class names React writes, entities undone", () => {
    const html = '<div class="mt-4  w-1/2"><ul class="[&amp;_ul]:flex-wrap"></ul><svg class="h-4"></svg></div><p data-class="x">';
    expect([...classesInHtml(html)].sort()).toEqual(["[&_ul]:flex-wrap", "h-4", "mt-4", "w-1/2"]);
  });
});
