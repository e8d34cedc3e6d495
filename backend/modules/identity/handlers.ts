import { desksOf, requireUser } from "../../http/context";
import { fail, invalid, notFound } from "../../http/errors";
import { figuresOfTrader, TraderSide } from "../trader-figures/days";
import type { HandlerGroup } from "../../http/handler-types";
import { NICKNAME_SET_ONCE } from "../auth/handlers";
import { adornmentOf, wornBy } from "../membership/adornments";
import {
  accountOf,
  changeNicknameOnce,
  findUser,
  mayWearAvatar,
  setAvatar,
  statisticsOf,
  toOwnProfile,
  toPublicProfile,
} from "./queries";

export const BAD_AVATAR = "Please choose one of the avatars or upload an image.";

/** The signed-in user's balances and profile, and other users' public profiles. */
export const identityHandlers = {
  async "/userInfo/getAccountBalance"(_input, ctx) {
    const user = requireUser(ctx);
    return { account: await accountOf(ctx.db, user.id), level: user.level };
  },

  async "/userInfo/getProfileInfo"(_input, ctx) {
    const user = requireUser(ctx);
    const [account, statistics, worn] = await Promise.all([accountOf(ctx.db, user.id), statisticsOf(ctx.db, user.id), wornBy(ctx.db, [user.id], ctx.now)]);
    return {
      profile: { ...toOwnProfile(user), ...adornmentOf(worn, user.id) },
      account: { email: user.email, mobile: user.mobile },
      statistics,
      bail_amount: account.bailAmount,
    };
  },

  async "/userInfo/getDesks"(_input, ctx) {
    return desksOf(requireUser(ctx));
  },

  async "/userInfo/getUserInfo"(input, ctx) {
    const user = await findUser(ctx.db, input.userId);
    if (!user) throw notFound("User");
    const [statistics, worn, figures] = await Promise.all([
      statisticsOf(ctx.db, user.id),
      wornBy(ctx.db, [user.id], ctx.now),
      figuresOfTrader(ctx.db, TraderSide.Merchant, user.id, ctx.now),
    ]);
    return { profile: { ...toPublicProfile(user), ...adornmentOf(worn, user.id) }, statistics, figures };
  },

  async "/userInfo/updateNickname"(input, ctx) {
    const user = requireUser(ctx);
    if (!(await changeNicknameOnce(ctx.db, user.id, input.nickname))) throw fail(NICKNAME_SET_ONCE);
    return null;
  },

  async "/userInfo/updateAvatar"(input, ctx) {
    const user = requireUser(ctx);
    if (!(await mayWearAvatar(ctx.db, user.id, input.avatar))) throw invalid(BAD_AVATAR);
    await setAvatar(ctx.db, user.id, input.avatar);
    return null;
  },
} satisfies HandlerGroup<
  | "/userInfo/getAccountBalance"
  | "/userInfo/getProfileInfo"
  | "/userInfo/getDesks"
  | "/userInfo/getUserInfo"
  | "/userInfo/updateNickname"
  | "/userInfo/updateAvatar"
>;
