/** The sections of `npm run bench`, in the order they run (see run.ts). */
import { edge } from "./edge";
import { large } from "./large";
import { lighthouse } from "./lighthouse";
import { pages } from "./pages";
import { server } from "./server";
import { soak } from "./soak";

export interface BenchSection {
  name: string;
  title: string;
  /** Measures, prints its own tables, and returns the figures for last-run.json. */
  run(): Promise<unknown>;
}

export const sections: BenchSection[] = [
  pages,
  lighthouse,
  server,
  large,
  edge,
  soak,
];
