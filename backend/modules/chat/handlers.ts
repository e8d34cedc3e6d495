import { requireUser } from "../../http/context";
import type { HandlerGroup } from "../../http/handler-types";
import { loadTlsSigKey, USER_SIG_TTL_SECONDS } from "./keys";
import { genUserSig } from "./tls-sig";

/**
 * /im/getUserSig: the chat sign-in data. userSig is a TLS signature v2 for String(user.id),
 * valid 7 days: Tencent Cloud Chat accepts it when TIM_SDKAPPID / TIM_SECRET_KEY are a real
 * application's, and the built-in service verifies it on every socket and HTTP call.
 */
export const chatHandlers = {
  async "/im/getUserSig"(_input, ctx) {
    const user = requireUser(ctx);
    const key = loadTlsSigKey(ctx.config);
    const userId = String(user.id);
    return { userId, appId: key.sdkAppId, userSig: genUserSig(key, userId, USER_SIG_TTL_SECONDS, Math.floor(ctx.now.getTime() / 1000)) };
  },
} satisfies HandlerGroup<"/im/getUserSig">;
