/**
 * A walk through every call that writes personal data (ADR 0056), on the demo world, through the
 * backend's Fetch handler: in process (a test backend) or over HTTP (a real server). Each value
 * carries a marker, so a test can read it back through the API and look for it at rest.
 *
 *   const api = apiOver((req) => t.backend.handle(req, { trusted: true }));
 *   const w = await writePersonalData(api, marksFor("x1"));
 *   expect(await readPersonalData(api, w)).toEqual(expectedReads(w));
 */
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { DEMO_LOGINS } from "../../backend/demo/world";
import { accountNumberAt } from "./bank-accounts";
import { makeImage } from "./images";

export type Send = (request: Request) => Promise<Response>;

export interface Api {
  /** A /client call (or /merchant, /admin at their own path); fails the test unless it answers code 1. */
  ok<T = any>(path: string, body?: unknown, token?: string): Promise<T>;
  /** The same, answering the envelope as it is. */
  call(path: string, body?: unknown, token?: string): Promise<{ code: number; msg?: string; data?: any }>;
  /** A multipart upload to /client/image/uploadImage. */
  upload(token: string, type: "cert", bytes: Buffer): Promise<string>;
  /** POST /chat/api/<name>, signed in with the user's chat signature. */
  chat<T = any>(token: string, name: string, body: unknown): Promise<T>;
}

export function apiOver(send: Send, base = "http://test"): Api {
  const url = (path: string) => (/^\/(merchant|admin|chat)\//.test(path) ? `${base}${path}` : `${base}/client${path}`);
  const call = async (path: string, body: unknown = {}, token?: string) => {
    const headers = new Headers({ "content-type": "application/json", IPv4: "10.0.0.31" });
    if (token) headers.set("Authorization", token);
    return (await (await send(new Request(url(path), { method: "POST", headers, body: JSON.stringify(body) }))).json()) as { code: number; msg?: string; data?: any };
  };
  const ok = async (path: string, body: unknown = {}, token?: string) => {
    const env = await call(path, body, token);
    expect(env.code, `${path}: ${env.msg}`).toBe(1);
    return env.data;
  };
  const sigs = new Map<string, string>();
  return {
    call,
    ok,
    async upload(token, type, bytes) {
      const form = new FormData();
      form.set("file", new File([new Uint8Array(bytes)], "photo.jpg", { type: "image/jpeg" }));
      form.set("type", type);
      const res = await send(new Request(url("/image/uploadImage"), { method: "POST", headers: { Authorization: token, IPv4: "10.0.0.31" }, body: form }));
      const env = (await res.json()) as { code: number; msg?: string; data: { path: string } };
      expect(env.code, env.msg).toBe(1);
      return env.data.path;
    },
    async chat(token, name, body) {
      let header = sigs.get(token);
      if (!header) {
        const { userId, userSig } = await ok("/im/getUserSig", {}, token);
        header = `TLS ${userId}:${userSig}`;
        sigs.set(token, header);
      }
      const res = await send(new Request(url(`/chat/api/${name}`), { method: "POST", headers: { "content-type": "application/json", authorization: header }, body: JSON.stringify(body) }));
      const env = (await res.json()) as { code: number; msg?: string; data: any };
      expect(env.code, `chat ${name}: ${env.msg}`).toBe(1);
      return env.data;
    },
  };
}

/** The texts a walk writes, each holding `tag` (so a search for the tag finds any of them). */
export function marksFor(tag: string) {
  return {
    realname: `Ada ${tag} Okafor`,
    /** A valid GTBank number not in the demo banks' directory (which then answers with the name typed). */
    accountNumber: accountNumberAt("GTBank", 100_000_000 + (Number.parseInt(tag.replace(/\D/g, "").slice(-8) || "0", 10) % 800_000_000)),
    bankRemark: `salary ${tag}`,
    withdrawalRemark: `pay ${tag} quickly`,
    kycCountry: `Nigeria ${tag}`,
    kycIdNo: `A${tag}`,
    kycRealname: `Ada ${tag} Chioma`,
    kycBirthday: "1979-11-23",
    kycSocial: `WhatsApp ${tag}`,
    orderRemark: `my card pin is ${tag}`,
    dispute: `The card holds 90 USD ${tag}`,
    evidence: `My receipt says 100 USD ${tag}`,
    ticket: `Still processing, my pin is ${tag}`,
    chat: `my card pin is 4455 ${tag}`,
  };
}
export type Marks = ReturnType<typeof marksFor>;

export interface Written {
  marks: Marks;
  seller: string;
  merchant: string;
  withdrawer: string;
  admin: string;
  accountId: number;
  withdrawalId: number;
  orderId: number;
  ticketId: number;
  kycPhotos: [string, string];
  /** The seller's pending two-factor secret (base32), sealed like the rest. */
  twoFactorSecret: string;
}

/** The demo accounts a walk signs in as. */
export async function demoTokens(api: Api) {
  const login = async (email: string) => (await api.ok<{ token: string }>("/userAuth/login", { loginName: email, loginPwd: "demo1234", type: "EMAIL" })).token;
  return { seller: await login(DEMO_LOGINS.seller), withdrawer: await login(DEMO_LOGINS.withdrawers[0]!), admin: await login(DEMO_LOGINS.admin) };
}

/** An online merchant's e-code offer, and that merchant signed in. */
async function eCodeOffer(api: Api): Promise<{ advertId: number; merchant: string; minTrade: number }> {
  const merchants = new Map<number, string>();
  for (const email of DEMO_LOGINS.merchants) {
    const token = (await api.ok<{ token: string }>("/userAuth/login", { loginName: email, loginPwd: "demo1234", type: "EMAIL" })).token;
    merchants.set((await api.ok<{ profile: { id: number } }>("/userInfo/getProfileInfo", {}, token)).profile.id, token);
  }
  const types = await api.ok<{ list: { id: number }[] }>("/cardType/getCardType");
  for (const type of types.list) {
    const { list, businessList } = await api.ok<{ list: { id: number; userid: number; cardType: number; minTrade: number; codesPerOrder: number }[]; businessList: { id: number; onlineStatus: number }[] }>(
      "/advert/getAdvertList",
      { cardTypeId: type.id },
    );
    const online = new Set(businessList.filter((b) => b.onlineStatus).map((b) => b.id));
    const hit = list.find((a) => a.cardType === 1 && online.has(a.userid) && merchants.has(a.userid));
    if (hit) return { advertId: hit.id, merchant: merchants.get(hit.userid)!, minTrade: hit.minTrade };
  }
  throw new Error("no online e-code offer in the demo world");
}

/**
 * Writes every kind of personal data through the API: a bank account (then edited), a withdrawal
 * to it (processed, so the withdrawer sees the account), a KYC certificate, an order with a remark
 * and the merchant's dispute, a chat message in the order's chat.
 */
export async function writePersonalData(api: Api, marks: Marks, tokens?: Awaited<ReturnType<typeof demoTokens>>): Promise<Written> {
  const { seller, withdrawer, admin } = tokens ?? (await demoTokens(api));
  const gtb = (await api.ok<{ paymentType: { id: number; nameEn: string }[] }>("/userPayment/getPaymentType", {}, seller)).paymentType.find((b) => b.nameEn === "GTBank")!.id;
  const { id: accountId } = await api.ok<{ id: number }>("/userPayment/addPayment", { paymentId: gtb, userPayment: { realname: marks.realname, accountNumber: marks.accountNumber, remark: "first note" } }, seller);
  await api.ok("/userPayment/updatePayment", { paymentId: gtb, userPayment: { id: accountId, realname: marks.realname, accountNumber: marks.accountNumber, remark: marks.bankRemark } }, seller);

  const offer = (await api.ok<{ withdrawer: { id: number; minTrade: number } }>("/merchant/withdrawer/getSettings", {}, withdrawer)).withdrawer;
  const { id: withdrawalId } = await api.ok<{ id: number }>(
    "/userWithdraw/applyWithdraw",
    { withdrawerId: offer.id, amount: Math.max(offer.minTrade, 10_000), userPaymentId: accountId, tradePwd: "123456", remark: marks.withdrawalRemark },
    seller,
  );
  await api.ok("/merchant/withdraw/process", { id: withdrawalId }, withdrawer);

  const photo = await makeImage("jpeg", 640, 400);
  const kycPhotos: [string, string] = [await api.upload(seller, "cert", photo), await api.upload(seller, "cert", await makeImage("jpeg", 600, 420))];
  await api.ok(
    "/userCert/updateKycVerification",
    { cert: { idCountry: marks.kycCountry, idKind: 1, idNo: marks.kycIdNo, realname: marks.kycRealname, birthday: marks.kycBirthday, idFace: kycPhotos[0], idOppo: kycPhotos[1], socialAccount: marks.kycSocial } },
    seller,
  );

  const { advertId, merchant, minTrade } = await eCodeOffer(api);
  const { secret } = await api.ok<{ secret: string }>("/advert/getAdvertDetail", { id: advertId }, seller);
  const { id: orderId } = await api.ok<{ id: number }>(
    "/order/addOrder",
    { advertId, tradeAmount: Math.max(minTrade, 1_000), cardCode: `CODE-${randomUUID()}`, remark: marks.orderRemark, secret },
    seller,
  );
  await api.ok("/merchant/order/view", { id: orderId }, merchant);
  await api.ok("/merchant/order/negotiate", { id: orderId, arbitrationType: 3, arbitrationApplyAmount: 500, arbitrationApplyPrice: 1, arbitrationContent: marks.dispute }, merchant);
  // The seller's evidence in the dispute (ADR 0074): statement and picture paths sealed.
  await api.ok("/order/addEvidence", { id: orderId, statement: marks.evidence }, seller);
  // Her support ticket about the order (ADR 0078): message bodies and picture paths sealed.
  const { id: ticketId } = await api.ok<{ id: number }>("/support/create", { kind: "order", refId: orderId, title: "Order help", body: marks.ticket }, seller);
  await api.chat(seller, "send", { conversationId: `GROUP${orderId}`, clientMsgId: randomUUID(), type: "TIMTextElem", text: marks.chat });
  // Left pending (no first code), so the seller's calls above and after need no code.
  const { secret: twoFactorSecret } = await api.ok<{ secret: string }>("/twoFactor/beginSetup", {}, seller);

  return { marks, seller, merchant, withdrawer, admin, accountId, withdrawalId, orderId, ticketId, kycPhotos, twoFactorSecret };
}

/** Every text of a conversation as `token`'s user reads it, page by page back to the first. */
export async function chatTexts(api: Api, token: string, conversationId: string): Promise<string[]> {
  const texts: string[] = [];
  for (let before = ""; ; ) {
    const page = await api.chat<{ messageList: { payload: { text?: string } }[]; nextReqMessageID: string; isCompleted: boolean }>(token, "history", { conversationId, nextReqMessageID: before });
    texts.unshift(...page.messageList.map((m) => m.payload.text ?? ""));
    if (page.isCompleted || !page.nextReqMessageID) return texts;
    before = page.nextReqMessageID;
  }
}

/** What the API shows of the written data, to the owner, the counterparts and staff. */
export async function readPersonalData(api: Api, w: Written) {
  const account = (await api.ok<{ paymentList: { id: number; realname: string; accountNumber: string; remark: string | null }[] }>("/userPayment/getPaymentList", {}, w.seller)).paymentList.find(
    (a) => a.id === w.accountId,
  )!;
  const own = (await api.ok<{ withdrawal: { userPayment: string; userRemark: string | null } }>("/userWithdraw/getWithdrawDetail", { id: w.withdrawalId }, w.seller)).withdrawal;
  const desk = (await api.ok<{ withdrawal: { userPayment: string | null; userRemark: string | null } }>("/merchant/withdraw/detail", { id: w.withdrawalId }, w.withdrawer)).withdrawal;
  const staffList = (await api.ok<{ list: { id: number; userPayment: string; userRemark: string | null }[] }>("/admin/withdraw/list", {}, w.admin)).list.find((x) => x.id === w.withdrawalId)!;
  const kyc = (await api.ok<{ cert: Record<string, unknown> }>("/userCert/getKycVerification", {}, w.seller)).cert;
  const staffKyc = (await api.ok<{ list: { userId: number; cert: Record<string, unknown> }[] }>("/admin/kyc/list", {}, w.admin)).list;
  const order = (await api.ok<{ orderInfo: { sellerRemark: string | null; arbitrationContent: string | null } }>("/order/getOrderDetails", { id: w.orderId }, w.seller)).orderInfo;
  const merchantOrder = (await api.ok<{ list: { id: number; sellerRemark: string | null; arbitrationContent: string | null }[] }>("/merchant/order/list", {}, w.merchant)).list.find(
    (o) => o.id === w.orderId,
  )!;
  const evidence = async (path: string, token: string) => (await api.ok<{ evidence: { statement: string }[] }>(path, { id: w.orderId }, token)).evidence.map((e) => e.statement);
  const ticket = async (path: string, token: string) => (await api.ok<{ messages: { body: string }[] }>(path, { id: w.ticketId }, token)).messages.map((m) => m.body);
  const texts = await chatTexts(api, w.merchant, `GROUP${w.orderId}`);
  const transcript = (await api.ok<{ list: { from: string; text: string }[] }>("/admin/order/transcript", { id: w.orderId }, w.admin)).list;
  return {
    account: { realname: account.realname, accountNumber: account.accountNumber, remark: account.remark },
    withdrawal: { owner: [JSON.parse(own.userPayment).realname, own.userRemark], desk: [JSON.parse(desk.userPayment!).accountNumber, desk.userRemark], staff: [JSON.parse(staffList.userPayment).realname, staffList.userRemark] },
    kyc: [kyc.idCountry, kyc.idNo, kyc.realname, kyc.birthday, kyc.socialAccount],
    staffKyc: staffKyc.some((k) => k.cert.realname === w.marks.kycRealname && k.cert.idNo === w.marks.kycIdNo && k.cert.socialAccount === w.marks.kycSocial),
    order: [order.sellerRemark, order.arbitrationContent, merchantOrder.sellerRemark, merchantOrder.arbitrationContent],
    evidence: [await evidence("/order/getOrderDetails", w.seller), await evidence("/merchant/order/detail", w.merchant), await evidence("/admin/order/detail", w.admin)],
    ticket: [await ticket("/support/get", w.seller), await ticket("/admin/ticket/get", w.admin)],
    chat: [texts.includes(w.marks.chat), transcript.some((m) => m.from === "seller" && m.text === w.marks.chat)],
    twoFactor: (await api.ok<{ secret: string }>("/twoFactor/getSetup", {}, w.seller)).secret === w.twoFactorSecret,
  };
}

/** What readPersonalData answers when every value reads back as it was written. */
export function expectedReads(m: Marks) {
  return {
    account: { realname: m.realname, accountNumber: m.accountNumber, remark: m.bankRemark },
    withdrawal: { owner: [m.realname, m.withdrawalRemark], desk: [m.accountNumber, m.withdrawalRemark], staff: [m.realname, m.withdrawalRemark] },
    kyc: [m.kycCountry, m.kycIdNo, m.kycRealname, m.kycBirthday, m.kycSocial],
    staffKyc: true,
    order: [m.orderRemark, m.dispute, m.orderRemark, m.dispute],
    evidence: [[m.evidence], [m.evidence], [m.evidence]],
    ticket: [[m.ticket], [m.ticket]],
    chat: [true, true],
    twoFactor: true,
  };
}
