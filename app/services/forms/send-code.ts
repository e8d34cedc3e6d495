/**
 * What a "Send code" post answers, shared by the action (send-code.server.ts)
 * and the button (components/auth/SendCodeButton.tsx). An action that sends
 * codes returns it as the `sendCode` member of its data.
 */
export interface SendCodeOutcome {
  ok: boolean;
  /** "Code sent", the wait message, or the server's message. */
  message: string;
  /** Seconds until another code may be asked for (0: now). */
  retryAfter: number;
}

export const CODE_SENT = "Code sent";
export const waitMessage = (seconds: number) => `Please wait ${seconds} s before requesting another code.`;
/** The code-field island's send did not reach us (app/islands/code-field.island.tsx): the page is kept. */
export const SEND_UNREACHED = "Could not reach us. Check your connection and try again.";
