/**
 * Writes the built stylesheet's text into the server bundle, over the marker of
 * app/services/layout/document-head.server.ts (a first visit's page carries the rules it uses: ADR 0044). The
 * compiler cannot import CSS as text, so this runs after `remix build`, for Node and for the
 * edge worker alike. It fails when the marker or the file is missing, so a build cannot
 * quietly lose it.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CSS_SOURCE_MAP_COMMENT } from "./files";

const MARKER = '"__EMBEDDED_STYLESHEET__"';
/** The stylesheet's address as the server bundle names it: /build/_assets/tailwind-HASH.css. */
const HREF = /"\/build\/(_assets\/tailwind-[A-Za-z0-9]+\.css)(?:\?url)?"/;

/** The stylesheet's path under /build/ as the server bundle names it, if any. */
export const stylesheetOf = (server: string): string | undefined => HREF.exec(server)?.[1];

/** `buildDir` holds what /build/ serves; returns the embedded stylesheet's size in bytes. */
export function embedStylesheet(serverFile: string, buildDir: string): number {
  const server = readFileSync(serverFile, "utf8");
  if (!server.includes(MARKER)) throw new Error(`embed-stylesheet: no ${MARKER} in ${serverFile}`);
  const href = stylesheetOf(server);
  if (!href || !existsSync(join(buildDir, href))) throw new Error(`embed-stylesheet: no stylesheet named in ${serverFile} (${href ?? "none"})`);
  // A page has no use for the file's source map comment (a --sourcemap build leaves one).
  const css = readFileSync(join(buildDir, href), "utf8").replace(CSS_SOURCE_MAP_COMMENT, "");
  // It goes inside <style>: a closing tag in it would end the element early.
  if (/<\/style/i.test(css)) throw new Error("embed-stylesheet: the stylesheet contains </style");
  writeFileSync(serverFile, server.split(MARKER).join(JSON.stringify(css)));
  return Buffer.byteLength(css);
}
