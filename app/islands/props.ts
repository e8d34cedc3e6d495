/**
 * An island's props in the page (ADR 0067): JSON in a `<script type="application/json">` right
 * after the island's wrapper. The text is escaped so that nothing a user typed can end the script
 * element or open a comment (`<`, `>`, `&` as \u escapes), nor break a line for older parsers
 * (U+2028, U+2029); JSON.parse reads the escapes back as the same characters.
 */
const UNSAFE = /[<>&\u2028\u2029]/g;
const escape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** The props as the text of a JSON script element. */
export function serializeProps(props: unknown): string {
  return JSON.stringify(props ?? {}).replace(UNSAFE, escape);
}

/** The attribute that marks an island's wrapper, its value the island's name. */
export const ISLAND_ATTR = "data-island";
/** The attribute of the props' script element (its value: the island's name). */
export const ISLAND_PROPS_ATTR = "data-island-props";
/** Set on the wrapper once the island has hydrated (tests wait for it). */
export const ISLAND_HYDRATED_ATTR = "data-island-hydrated";
/** The id of the JSON element naming the scripts of the page's islands (document-head.tsx). */
export const ISLAND_SCRIPTS_ID = "island-scripts";
