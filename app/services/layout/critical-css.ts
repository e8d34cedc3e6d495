/**
 * The part of the stylesheet a page's first paint needs (ADR 0044): every rule whose selector
 * could match the page's HTML as the server sent it, judged by class names alone. A selector
 * needs each class it names to be on the page (classes under :not() are not needed); rules
 * without classes (the resets, element and attribute rules) and @keyframes always stay; an
 * @media or @supports block keeps the rules inside it that stay. It reads tailwind's minified
 * output (no comments between rules); anything it keeps too much of costs bytes, anything it
 * drops is back when the whole file, linked at the end of the page, arrives.
 */

/** A top-level or nested rule: its prelude (selectors or an at-rule) and its block's text. */
interface Rule {
  prelude: string;
  /** Inside the braces. */
  body: string;
  /** For @media and @supports: the rules inside, parsed. */
  nested?: Rule[];
  /** Class names a selector list needs, one set per selector (empty when it needs none). */
  needs?: string[][];
}

export type ParsedStylesheet = Rule[];

/** Splits `css` into rules at brace depth 0, honouring quoted strings. */
function splitRules(css: string): Array<{ prelude: string; body: string }> {
  const rules: Array<{ prelude: string; body: string }> = [];
  let depth = 0;
  let start = 0;
  let open = -1;
  let quote = "";
  for (let i = 0; i < css.length; i++) {
    const c = css[i]!;
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
      continue;
    }
    if (c === "\\") {
      i++;
    } else if (c === "/" && css[i + 1] === "*") {
      // A comment (a licence line, say) may hold quotes or braces: skip to its end.
      const end = css.indexOf("*/", i + 2);
      i = end < 0 ? css.length : end + 1;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === "{") {
      if (depth === 0) open = i;
      depth++;
    } else if (c === "}") {
      depth--;
      if (depth === 0) {
        rules.push({ prelude: css.slice(start, open).replace(/\/\*[\s\S]*?\*\//g, "").trim(), body: css.slice(open + 1, i) });
        start = i + 1;
      }
    }
  }
  return rules;
}

/** A CSS identifier with its escapes undone: `hover\:bg-brand-700` → `hover:bg-brand-700`, `\32xl` → `2xl`. */
function unescapeIdent(ident: string): string {
  return ident.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_, hex: string | undefined, ch: string | undefined) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : ch!,
  );
}

/** The class names one selector needs; those under :not(...) and attribute values are left out. */
function classesNeeded(selector: string): string[] {
  const bare = selector
    .replace(/(?<!\\)\[[^\]]*\]/g, "[]") // [href$=".pdf"] names no class (an escaped \[ is part of one)
    .replace(/:not\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)/g, "");
  return [...bare.matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-])+)/g)].map((m) => unescapeIdent(m[1]!));
}

/** Splits a selector list at its top-level commas. */
function selectors(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === "\\") i++;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "," && depth === 0) {
      out.push(list.slice(start, i));
      start = i + 1;
    }
  }
  out.push(list.slice(start));
  return out;
}

export function parseStylesheet(css: string): ParsedStylesheet {
  return splitRules(css).map(({ prelude, body }) => {
    if (/^@(media|supports)\b/.test(prelude)) return { prelude, body, nested: parseStylesheet(body) };
    if (prelude.startsWith("@")) return { prelude, body };
    return { prelude, body, needs: selectors(prelude).map(classesNeeded) };
  });
}

/** The rules of `sheet` that the classes present could match, as CSS text. */
export function criticalCss(sheet: ParsedStylesheet, present: ReadonlySet<string>): string {
  let out = "";
  for (const rule of sheet) {
    if (rule.nested) {
      const inner = criticalCss(rule.nested, present);
      if (inner) out += `${rule.prelude}{${inner}}`;
    } else if (!rule.needs || rule.needs.some((classes) => classes.every((c) => present.has(c)))) {
      out += `${rule.prelude}{${rule.body}}`;
    }
  }
  return out;
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&#x27;": "'", "&#39;": "'", "&lt;": "<", "&gt;": ">" };

/** Every class name in the HTML's class attributes (as React writes them: double quotes, escaped). */
export function classesInHtml(html: string): Set<string> {
  const present = new Set<string>();
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of m[1]!.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (e) => ENTITIES[e]!).split(/\s+/)) {
      if (name) present.add(name);
    }
  }
  return present;
}
