/**
 * The conform form of a page with a zod schema, validated in the browser once the schema has
 * arrived. zod, @conform-to/zod and the schema module are fetched when the form is first used
 * (focus, pointer or touch on it), not with the page (they weigh ~15 KB brotli and the
 * server validates every post anyway). Until they arrive conform validates nothing itself: a
 * submit posts (no `onValidate`, so no client check and no "validate" intent on blur) and the
 * action answers with its errors. Once they arrive: on blur, then again on input, as before.
 */
import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import type { parseWithZod } from "@conform-to/zod";
import { useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { lazyModule } from "./lazy";

type FormSchema = z.ZodType<Record<string, any>, z.ZodTypeDef, Record<string, any>>;

/** @conform-to/zod (and zod with it): one fetch, shared by every form. */
export const conformZod = lazyModule(() => import("@conform-to/zod"));

export interface Loaded<T> {
  value: T;
  parseWithZod: typeof parseWithZod;
  /**
   * Fields left (blurred) since the fetch started, kept live until useValidateBlurred has run (so
   * one left between the arrival and conform getting its onValidate is not missed).
   */
  blurred: ReadonlySet<string>;
}

/** What makes a form "used": the first of these on it starts the fetch. */
const FIRST_USE = ["focusin", "pointerenter", "touchstart"] as const;

/**
 * `load()`'s value and parseWithZod once form#`id` has been used and both have arrived;
 * undefined before. A failed fetch is retried on the next use.
 */
export function useOnFirstUse<T>(id: string, load: () => Promise<T>): Loaded<T> | undefined {
  const [loaded, setLoaded] = useState<Loaded<T>>();
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    const form = document.getElementById(id);
    if (!form) return;
    let live = true;
    const blurred = new Set<string>();
    const onLeave = (event: Event) => {
      const name = (event.target as { name?: unknown }).name;
      if (typeof name === "string" && name) blurred.add(name);
    };
    const listen = (on: boolean) => {
      for (const type of FIRST_USE) {
        if (on) form.addEventListener(type, start, { passive: true });
        else form.removeEventListener(type, start);
      }
    };
    function start() {
      listen(false);
      form!.addEventListener("focusout", onLeave);
      Promise.all([loadRef.current(), conformZod.load()]).then(
        ([value, m]) => live && setLoaded({ value, parseWithZod: m.parseWithZod, blurred }),
        () => live && listen(true),
      );
    }
    // A field focused before hydration (autofocus, a quick tap) already counts as a use.
    if (form.contains(document.activeElement)) start();
    else listen(true);
    return () => {
      live = false;
      listen(false);
      form.removeEventListener("focusout", onLeave);
    };
    // Not on `loaded`: the listeners stay until the page leaves, so `blurred` stays live.
  }, [id]);
  return loaded;
}

/**
 * Once the schema has arrived, checks the fields the user left while it was on its way (a fast
 * typist on a slow link), so their messages show as if it had been there from the start.
 */
export function useValidateBlurred(loaded: Loaded<unknown> | undefined, form: { validate(options: { name: string }): void }) {
  useEffect(() => {
    // After the render that gave conform its onValidate (its options update in a layout effect).
    for (const name of loaded?.blurred ?? []) form.validate({ name });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per arrival
  }, [loaded]);
}

/**
 * conform's validation options: in the browser with `schema` once loaded (first `when`, then on
 * input), else only the server's.
 */
export function schemaValidation(schema: FormSchema | undefined, parse: typeof parseWithZod | undefined, when: "onBlur" | "onSubmit" = "onBlur") {
  if (!schema || !parse) return { onValidate: undefined, shouldValidate: "onSubmit", shouldRevalidate: "onSubmit" } as const;
  return {
    onValidate: ({ formData }: { formData: FormData }) => parse(formData, { schema }),
    shouldValidate: when,
    shouldRevalidate: "onInput",
  } as const;
}

/**
 * The form `id` with the schema `loadSchema` resolves with, e.g.
 * `() => import("~/services/forms/auth.schema").then((m) => m.loginSchema)`;
 * the action's result (`actionData.result`) shown.
 */
export function useSchemaForm<Schema extends FormSchema>(
  id: string,
  loadSchema: () => Promise<Schema>,
  actionData: { result?: SubmissionResult<string[]> | null } | undefined,
  defaultValue?: DefaultValue<z.input<Schema>>,
) {
  const loaded = useOnFirstUse(id, loadSchema);
  const result = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult: actionData?.result,
    defaultValue,
    ...schemaValidation(loaded?.value, loaded?.parseWithZod),
  });
  useValidateBlurred(loaded, result[0]);
  return result;
}
