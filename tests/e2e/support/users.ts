/**
 * A user of its own for each test that changes data (orders, chat, bank accounts), so no test
 * depends on what another left behind and none sees another's rows. Registered the way a
 * person would (a REGISTER code from the dev outbox), through the API rather than the form:
 * the register form has its own tests.
 */
import { apiClient } from "./api";
import { latestCode } from "./browser";

export interface TestUser {
  email: string;
  password: string;
  nickname: string;
}

let made = 0;

export async function newSeller(baseUrl: string, label: string): Promise<TestUser> {
  const { call } = apiClient(() => baseUrl);
  const stamp = `${Date.now().toString(36)}${(made++).toString(36)}`;
  const user = { email: `${label}-${stamp}@e2e.test`, password: "demo1234", nickname: `u_${stamp}`.slice(0, 20) };
  await call("/userAuth/sendCodeByEmail", { email: user.email, type: "REGISTER" });
  const code = await latestCode(baseUrl, user.email, "REGISTER");
  await call("/userAuth/register", { email: user.email, code, nickname: user.nickname, loginPwd: user.password });
  return user;
}

/**
 * A new seller with at least `coins` coins (hundredths) earned the way sellers earn them (e-codes sold
 * to merchant1 and completed by it) and the trade password `tradePassword` set with a TRADE_PWD code.
 */
export async function newSellerWithCoins(baseUrl: string, label: string, coins: number, tradePassword: string): Promise<TestUser & { tradePassword: string }> {
  const { call, login, userId, findAdvert, sellECode } = apiClient(() => baseUrl);
  const user = await newSeller(baseUrl, label);
  const token = await login(user);
  const merchantToken = await login({ email: "merchant1@demo.test", password: "demo1234" });
  const merchantId = await userId(merchantToken);
  const balance = async () => (await call<{ account: { amount: number } }>("/userInfo/getAccountBalance", {}, token)).account.amount;
  for (let i = 0; (await balance()) < coins; i++) {
    if (i >= 10) throw new Error(`could not earn ${coins} coins for ${user.email}`);
    const face = (await findAdvert(merchantId, 1, 10_000)).maxTrade >= 50_000 ? 50_000 : 10_000;
    const id = await sellECode(token, merchantId, face, `${label.toUpperCase()}-${Date.now()}-${i}`);
    await call("/merchant/order/view", { id }, merchantToken);
    await call("/merchant/order/complete", { id }, merchantToken);
  }
  return withTradePassword(baseUrl, user, tradePassword);
}

/** Sets the user's trade password through the API, with a TRADE_PWD code sent to its e-mail. */
export async function withTradePassword(baseUrl: string, user: TestUser, tradePassword: string): Promise<TestUser & { tradePassword: string }> {
  const { call, login } = apiClient(() => baseUrl);
  const token = await login(user);
  await call("/userAuth/sendCodeByEmail", { type: "TRADE_PWD" }, token);
  const code = await latestCode(baseUrl, user.email, "TRADE_PWD");
  await call("/userAuth/updateTradePassword", { tradePwd: tradePassword, type: "EMAIL", code }, token);
  return { ...user, tradePassword };
}

/** Gives the user `points` (per 10000) the way staff hand them out: a points redemption code it redeems. */
export async function givePoints(baseUrl: string, user: { email: string; password: string }, points: number): Promise<void> {
  const { call, login } = apiClient(() => baseUrl);
  const admin = await login({ email: "admin@demo.test", password: "demo1234" });
  const { codes } = await call<{ codes: string[] }>(
    "/admin/redemptionCode/create",
    { kind: "points", value: points, count: 1, perUserLimit: 1, expiresAt: Date.now() + 86_400_000 },
    admin,
  );
  await call("/userRedemptionCode/confirmRedemptionCode", { redemptionCode: codes[0] }, await login(user));
}
