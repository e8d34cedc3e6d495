/**
 * What each island's entry calls (scripts/build-islands.ts writes the entries): React hydrates
 * the island's wrapper alone with its props. React and react-dom are in the one chunk the entries
 * share, so a page with several islands loads them once. Resolves, and marks the wrapper, once
 * the island has hydrated.
 */
import { useEffect, type ComponentType, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { ISLAND_HYDRATED_ATTR } from "./props";

function Hydrated({ done, children }: { done: () => void; children: ReactNode }) {
  useEffect(done, [done]);
  return <>{children}</>;
}

export function hydrateIsland<P extends object>(root: Element, Component: ComponentType<P>, props: P): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      root.setAttribute(ISLAND_HYDRATED_ATTR, "");
      resolve();
    };
    hydrateRoot(
      root,
      <Hydrated done={done}>
        <Component {...props} />
      </Hydrated>,
    );
  });
}
