import type { Migration } from "kysely";
import * as m001 from "./001-foundation";

/** Every migration, in order. Listed by hand: no directory scanning at run time. */
export const migrations: Record<string, Migration> = {
  "001-foundation": m001,
};
