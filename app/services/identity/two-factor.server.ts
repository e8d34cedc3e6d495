/**
 * The web tier's side of two-factor sign-in (ADR 0057) that several pages share: whether the
 * signed-in user has it on (the protected forms then show their code field).
 */
import type { Api } from "../kit/caller.server";

/** Whether the user must give a code with a protected change (false when the status cannot be read: the backend still asks). */
export async function needsCode(api: Pick<Api, "call">): Promise<boolean> {
  const status = await api.call("/twoFactor/getStatus");
  return status.ok && status.data.enabled;
}
