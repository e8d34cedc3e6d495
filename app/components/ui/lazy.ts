/**
 * Code fetched the first time something needs it, not with the page (what a
 * phone on 3G pays before a tap does anything). One request per module, shared by
 * every component that asks; a failed fetch can be retried.
 */
import { useCallback, useState } from "react";

export interface LazyModule<T> {
  /** Fetches the module (once) and resolves with it. */
  load(): Promise<T>;
  /** The module if it has already arrived. */
  loaded(): T | undefined;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    load() {
      pending ??= importer().then(
        (m) => (value = m),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => value,
  };
}

/** The module once this component has asked for it and it arrived (re-rendering then), and the way to ask. */
export function useLazyModule<T>(lazy: LazyModule<T>): [T | undefined, () => Promise<T>] {
  const [mod, setMod] = useState<T | undefined>(lazy.loaded);
  const load = useCallback(
    () =>
      lazy.load().then((m) => {
        setMod(() => m);
        return m;
      }),
    [lazy],
  );
  return [mod, load];
}
