import { useNavigation } from "@remix-run/react";
import { intentOf } from "~/services/kit/intent";

/**
 * True from the moment this page posts `intent` (with these `fields`, when given: the row a
 * button is on) until the answer's page has loaded: the pressed button's busy state.
 */
export function usePosting(intent: string, fields: Record<string, string> = {}): boolean {
  const navigation = useNavigation();
  const posted = navigation.state === "idle" ? undefined : navigation.formData;
  return posted !== undefined && intentOf(posted) === intent && Object.entries(fields).every(([name, value]) => posted.get(name) === value);
}
