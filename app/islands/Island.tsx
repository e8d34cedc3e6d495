/**
 * An island (ADR 0067): a component rendered on the server like any other, inside a wrapper that
 * names it, with its props as JSON after it (props.ts). On an islands-only page the touches
 * script (app/touches/islands.ts) hydrates that wrapper alone, after the first paint, from the
 * island's own entry (scripts/build-islands.ts); on a hydrated page React renders it with the
 * rest and the wrapper is inert.
 *
 * An island component is `app/islands/<name>.island.tsx`, its default export. It is plain React:
 * no Remix hooks (no router in an island) and props that JSON carries; it talks to our routes
 * with fetch. Its markup must not depend on where it is rendered (no useId: the ids of a tree and
 * of a root of its own differ).
 */
import type { ComponentType } from "react";
import { ISLAND_ATTR, ISLAND_PROPS_ATTR, serializeProps } from "./props";

export function Island<P extends object>({ name, component: Component, props }: { name: string; component: ComponentType<P>; props: P }) {
  return (
    <>
      <div {...{ [ISLAND_ATTR]: name }}>
        <Component {...props} />
      </div>
      <script type="application/json" {...{ [ISLAND_PROPS_ATTR]: name }} dangerouslySetInnerHTML={{ __html: serializeProps(props) }} />
    </>
  );
}
