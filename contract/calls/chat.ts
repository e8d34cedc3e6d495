import { defineCall, noBody } from "../define";
import { userSigSchema } from "../entities";

/** Sign-in data of the instant-messaging service (the chat itself does not go through /client). */
export const chatCalls = {
  "/im/getUserSig": defineCall({
    path: "/im/getUserSig",
    auth: "user",
    request: noBody,
    response: userSigSchema,
    doc: "Chat sign-in data: userId, appId, userSig. Called with no retry.",
  }),
};
