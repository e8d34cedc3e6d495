/**
 * The API as an end-to-end test drives it beside the browser: the merchant's and
 * administrator's side, reading balances, and selling a card without the browser.
 * /merchant and /admin calls are served at their own path, the rest under /client.
 */
import { decryptData } from "../../../backend/http/response-crypto";
import { EDGE_RESPONSE_KEY } from "./server";
import { accountNumberAt } from "../../support/bank-accounts";

export interface Advert {
  id: number;
  userid: number;
  cardType: number;
  cardtypeid: number;
  minTrade: number;
  maxTrade: number;
  tradeAmount: number;
  fixTrade: string;
  tradeCurrency: string;
  onlineStatus: number;
  discount: number;
  /** E-codes one order may carry; 0 any number. */
  codesPerOrder: number;
  codeFormat: string;
}

export function apiClient(baseUrl: () => string) {
  async function call<T>(path: string, body: unknown = {}, token?: string): Promise<T> {
    const url = /^\/(merchant|admin)\//.test(path) ? `${baseUrl()}${path}` : `${baseUrl()}/client${path}`;
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: token } : {}) },
      body: JSON.stringify(body),
    });
    const env = (await res.json()) as { code: number; msg?: string; data: T; encrypt?: string };
    if (env.code !== 1) throw new Error(`${path} answered code ${env.code}: ${env.msg}`);
    // A backend behind the edge web tier answers encrypted (support/server.ts).
    return env.encrypt === undefined ? env.data : (decryptData(env.encrypt, EDGE_RESPONSE_KEY) as T);
  }
  async function login(who: { email: string; password: string }): Promise<string> {
    return (await call<{ token: string }>("/userAuth/login", { loginName: who.email, loginPwd: who.password, type: "EMAIL" })).token;
  }
  async function userId(token: string): Promise<number> {
    return (await call<{ profile: { id: number } }>("/userInfo/getProfileInfo", {}, token)).profile.id;
  }

  /** The first offer of any card type that passes `test` (given whether its merchant is online). */
  async function firstAdvert(test: (a: Advert, online: boolean) => boolean): Promise<Advert | undefined> {
    const types = await call<{ list: { id: number }[] }>("/cardType/getCardType");
    for (const t of types.list) {
      const { list, businessList } = await call<{ list: Advert[]; businessList: { id: number; onlineStatus: number }[] }>(
        "/advert/getAdvertList",
        { cardTypeId: t.id },
      );
      const online = new Set(businessList.filter((b) => b.onlineStatus).map((b) => b.id));
      const hit = list.find((a) => test(a, online.has(a.userid)));
      if (hit) return hit;
    }
    return undefined;
  }

  /**
   * An online offer of the merchant, of the card type (0 picture, 1 e-code), open to any
   * face value, with room for `face` (hundredths) `times` times, taking `codes` codes in one order.
   */
  async function findAdvert(merchantId: number, cardType: 0 | 1, face: number, times = 1, codes = 1): Promise<Advert> {
    const hit = await firstAdvert(
      (a, online) =>
        a.userid === merchantId &&
        a.cardType === cardType &&
        (a.codesPerOrder === 0 || a.codesPerOrder >= codes) &&
        a.fixTrade === "" &&
        online &&
        a.minTrade <= face &&
        face <= a.maxTrade &&
        a.tradeAmount >= face * times,
    );
    if (!hit) throw new Error(`merchant ${merchantId} has no online offer of card type ${cardType} with room for ${times} × ${face}`);
    return hit;
  }

  /** Any offer whose merchant is offline. */
  async function findOfflineAdvert(): Promise<Advert> {
    const hit = await firstAdvert((a, online) => !online && a.tradeAmount >= a.minTrade);
    if (!hit) throw new Error("no offer of an offline merchant");
    return hit;
  }

  /** Sells an e-code of `face` (hundredths) to the merchant's first fitting online offer; the order id. */
  async function sellECode(sellerToken: string, merchantId: number, face: number, code: string): Promise<number> {
    const ad = await findAdvert(merchantId, 1, face);
    const { secret } = await call<{ secret: string }>("/advert/getAdvertDetail", { id: ad.id }, sellerToken);
    const { id } = await call<{ id: number }>("/order/addOrder", { advertId: ad.id, tradeAmount: face, cardImg: "", cardCode: code, secret, remark: "" }, sellerToken);
    return id;
  }

  return { call, login, userId, firstAdvert, findAdvert, findOfflineAdvert, sellECode };
}

type Call = ReturnType<typeof apiClient>["call"];

/** The user's first bank account, one added (an Access Bank number that passes its check, ADR 0053) if she has none. */
export async function bankAccountOf(call: Call, token: string): Promise<number> {
  const { paymentList } = await call<{ paymentList: { id: number }[] }>("/userPayment/getPaymentList", {}, token);
  if (paymentList[0]) return paymentList[0].id;
  const types = await call<{ paymentType: { id: number; nameEn: string }[] }>("/userPayment/getPaymentType", {}, token);
  const paymentId = types.paymentType.find((t) => t.nameEn === "Access Bank")!.id;
  return (await call<{ id: number }>("/userPayment/addPayment", { paymentId, userPayment: { realname: "Ada Okafor", accountNumber: accountNumberAt("Access Bank", 24_681_357), remark: "" } }, token)).id;
}
