import { TWO_FACTOR_MESSAGES as M } from "../../../contract/two-factor";
import { requireUser } from "../../http/context";
import { fail, tooMany } from "../../http/errors";
import type { HandlerGroup } from "../../http/handler-types";
import { deviceHashOf } from "../../security/devices";
import { hit } from "../../security/rate-limit";
import { completeSignIn, isKnownDevice } from "../auth/sign-in";
import { challengeHolds, challengeUserId } from "./challenge";
import { beginSetup, confirmSetup, disableTwoFactor, pendingSetup, renewRecoveryCodes, twoFactorStatus } from "./enrolment";
import { twoFactorOn } from "./store";
import { checkSecondFactor } from "./verify";

/** /twoFactor/* (ADR 0057): every call but signIn is about the caller's own account. */
export const twoFactorHandlers = {
  async "/twoFactor/getStatus"(_input, ctx) {
    return twoFactorStatus(ctx, requireUser(ctx));
  },

  async "/twoFactor/beginSetup"(_input, ctx) {
    return beginSetup(ctx, requireUser(ctx));
  },

  async "/twoFactor/getSetup"(_input, ctx) {
    return pendingSetup(ctx, requireUser(ctx));
  },

  async "/twoFactor/confirmSetup"(input, ctx) {
    return confirmSetup(ctx, requireUser(ctx), input.code);
  },

  async "/twoFactor/renewRecoveryCodes"(input, ctx) {
    return renewRecoveryCodes(ctx, requireUser(ctx), input.otp);
  },

  async "/twoFactor/disable"(input, ctx) {
    await disableTwoFactor(ctx, requireUser(ctx), input.otp, input.loginPwd);
    return null;
  },

  /** The sign-in's second step: the challenge must hold for this device and password, then the code. */
  async "/twoFactor/signIn"(input, ctx) {
    // The address's sign-in volume, as the password step counts it.
    if (!(await hit(ctx.db, "login:ip", ctx.ip, ctx.config.LOGIN_LIMIT_PER_IP, ctx.config.RATE_WINDOW_SECONDS, ctx.now)).allowed) throw tooMany();
    const id = challengeUserId(input.challenge);
    const user = id ? await ctx.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst() : undefined;
    const device = deviceHashOf(ctx.secrets, ctx.headers);
    if (!user || !challengeHolds(ctx, input.challenge, user, device) || !(await twoFactorOn(ctx.db, user.id))) throw fail(M.challengeExpired);
    await checkSecondFactor(ctx, user, input.code);
    return completeSignIn(ctx, user, device, await isKnownDevice(ctx.db, user.id, device));
  },
} satisfies HandlerGroup<
  | "/twoFactor/getStatus"
  | "/twoFactor/beginSetup"
  | "/twoFactor/getSetup"
  | "/twoFactor/confirmSetup"
  | "/twoFactor/renewRecoveryCodes"
  | "/twoFactor/disable"
  | "/twoFactor/signIn"
>;
