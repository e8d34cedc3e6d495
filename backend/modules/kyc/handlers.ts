import { KycReview, KycStatus, type KycIdKind, type KycReview as Review } from "../../../contract/enums";
import type { KycCert } from "../../../contract/entities";
import { MESSAGES } from "../../../contract/messages";
import { transaction, type Executor, type Trx } from "../../db/index";
import type { KycCertsTable } from "../../db/schema";
import { requireRole, requireUser, type CallContext } from "../../http/context";
import { conflict, fail, invalid, notFound } from "../../http/errors";
import { deskCommand } from "../../http/desk-command";
import type { HandlerGroup } from "../../http/handler-types";
import { readCertImage } from "../images/store";
import { notify } from "../notices/notify";
import { recordAudit } from "../audit/audit";
import type { Selectable } from "kysely";

/**
 * Identity verification (docs/decisions/0020-kyc.md): the user's certificate (one per
 * user) and its staff review. Status moves only through `review()`, a compare-and-set from
 * "under review"; a rejection makes the certificate editable again with the reason.
 */
export const KYC_LOCKED = "Your identity verification is under review or approved, so it cannot be changed.";
export const KYC_CHANGED = "The verification was already reviewed. Please refresh.";
export const BACK_PHOTO = "Please upload ID Card back Photo.";
export const SAME_PHOTO = "The front and the back must be two different photos.";

type CertRow = Selectable<KycCertsTable>;

/** The certificate as its owner and staff read it: its personal fields are sealed at rest (ADR 0056). */
const certOf = ({ secrets }: Pick<CallContext, "secrets">, r: CertRow): KycCert => ({
  idCountry: secrets.open(r.id_country),
  idKind: r.id_kind as KycIdKind,
  idNo: secrets.open(r.id_no_sealed),
  realname: secrets.open(r.realname),
  birthday: secrets.open(r.birthday),
  idFace: r.id_face,
  idOppo: r.id_oppo,
  socialAccount: secrets.open(r.social_account),
});

const certOfUser = (db: Executor, userId: number) => db.selectFrom("kyc_certs").selectAll().where("user_id", "=", userId).executeTakeFirst();

/** Whether `path` is an ID photo this user uploaded (kind "cert"). */
async function ownCertPhoto(db: Executor, userId: number, path: string) {
  const row = await db.selectFrom("uploads").select("id").where("path", "=", path).where("user_id", "=", userId).where("kind", "=", "cert").executeTakeFirst();
  return row !== undefined;
}

async function photo(ctx: CallContext, row: CertRow, side: "front" | "back") {
  const bytes = await readCertImage(ctx, side === "front" ? row.id_face : row.id_oppo);
  if (!bytes) throw notFound("Photo");
  return { contentType: "image/jpeg", base64: bytes.toString("base64") };
}

/** The one way a certificate's review moves: from "under review" only, and once; with its audit row. */
async function review(trx: Trx, id: number, to: Review, adminId: number, now: Date, reason: string | null, action: string): Promise<CertRow> {
  const row = await trx
    .updateTable("kyc_certs")
    .set({ status: to, reason, reviewed_at: now, reviewed_by: adminId })
    .where("id", "=", id)
    .where("status", "=", KycReview.Review)
    .returningAll()
    .executeTakeFirst();
  if (!row) {
    const exists = await trx.selectFrom("kyc_certs").select("id").where("id", "=", id).executeTakeFirst();
    throw exists ? conflict(KYC_CHANGED) : notFound("Certificate");
  }
  await recordAudit(trx, {
    adminId,
    action,
    entityType: "kyc",
    entityId: row.id,
    before: { status: KycReview.Review },
    after: { status: row.status, reason: row.reason, userId: row.user_id },
    at: now,
  });
  // Approved stays read-only; rejected is editable again (docs/product/statuses.md: status 0 editable, 1 read-only).
  await trx.updateTable("users").set({ kyc_auth_status: to === KycReview.Approved ? KycStatus.ReadOnly : KycStatus.Editable }).where("id", "=", row.user_id).execute();
  await notify(trx, {
    userId: row.user_id,
    about: { type: "account", id: row.user_id },
    title: to === KycReview.Approved ? "Identity verified" : "Identity verification rejected",
    content: to === KycReview.Approved ? "Your identity is verified. Cash-out limits for unverified accounts no longer apply." : `Please correct your verification and send it again: ${reason}`,
    oppositeUserId: null,
    goodsName: null,
    transAmount: null,
    transCurrency: null,
    transPrice: null,
    at: now,
  });
  return row;
}

export const kycHandlers = {
  async "/userCert/getKycVerification"(_input, ctx) {
    const row = await certOfUser(ctx.db, requireUser(ctx).id);
    return row ? { cert: certOf(ctx, row), review: { status: row.status as Review, reason: row.reason } } : { cert: null, review: null };
  },

  async "/userCert/getKycImage"(input, ctx) {
    const row = await certOfUser(ctx.db, requireUser(ctx).id);
    if (!row) throw notFound("Certificate");
    return photo(ctx, row, input.side);
  },

  async "/userCert/updateKycVerification"(input, ctx) {
    const user = requireUser(ctx);
    const c = input.cert;
    if (!(await ownCertPhoto(ctx.db, user.id, c.idFace))) throw invalid(MESSAGES.kycFront);
    if (!(await ownCertPhoto(ctx.db, user.id, c.idOppo))) throw invalid(BACK_PHOTO);
    if (c.idFace === c.idOppo) throw invalid(SAME_PHOTO);
    const values = {
      status: KycReview.Review,
      id_country: ctx.secrets.seal(c.idCountry),
      id_kind: c.idKind,
      id_no_sealed: ctx.secrets.seal(c.idNo),
      realname: ctx.secrets.seal(c.realname),
      birthday: ctx.secrets.seal(c.birthday),
      id_face: c.idFace,
      id_oppo: c.idOppo,
      social_account: ctx.secrets.seal(c.socialAccount),
      reason: null,
      submitted_at: ctx.now,
      reviewed_at: null,
      reviewed_by: null,
    };
    await transaction(ctx.db, async (trx) => {
      // First submission, or a resubmission of a rejected one: never over one under review or approved.
      const saved = await trx
        .insertInto("kyc_certs")
        .values({ user_id: user.id, ...values })
        .onConflict((oc) => oc.column("user_id").doUpdateSet(values).where("kyc_certs.status", "=", KycReview.Rejected))
        .returning("id")
        .executeTakeFirst();
      if (!saved) throw fail(KYC_LOCKED);
      await trx.updateTable("users").set({ kyc_auth_status: KycStatus.ReadOnly }).where("id", "=", user.id).execute();
    });
    return null;
  },

  async "/admin/kyc/list"(input, ctx) {
    requireRole(ctx, "admin");
    let q = ctx.db
      .selectFrom("kyc_certs as k")
      .innerJoin("users as u", "u.id", "k.user_id")
      .selectAll("k")
      .select("u.nickname")
      .orderBy("k.id", "desc")
      .limit(20);
    if (input.status !== undefined) q = q.where("k.status", "=", input.status);
    if (input.lastId) q = q.where("k.id", "<", input.lastId);
    const rows = await q.execute();
    return {
      list: rows.map((r) => ({
        id: r.id,
        userId: r.user_id,
        userNickname: r.nickname,
        status: r.status as Review,
        reason: r.reason,
        submittedAt: new Date(r.submitted_at).getTime(),
        cert: certOf(ctx, r),
      })),
    };
  },

  async "/admin/kyc/image"(input, ctx) {
    requireRole(ctx, "admin");
    const row = await ctx.db.selectFrom("kyc_certs").selectAll().where("id", "=", input.id).executeTakeFirst();
    if (!row) throw notFound("Certificate");
    return photo(ctx, row, input.side);
  },

  "/admin/kyc/approve": deskCommand("admin", (adminId, input, ctx) =>
    transaction(ctx.db, (trx) => review(trx, input.id, KycReview.Approved, adminId, ctx.now, null, "kyc.approve")),
  ),
  "/admin/kyc/reject": deskCommand("admin", (adminId, input, ctx) =>
    transaction(ctx.db, (trx) => review(trx, input.id, KycReview.Rejected, adminId, ctx.now, input.reason, "kyc.reject")),
  ),
} satisfies HandlerGroup<
  | "/userCert/getKycVerification"
  | "/userCert/getKycImage"
  | "/userCert/updateKycVerification"
  | "/admin/kyc/list"
  | "/admin/kyc/image"
  | "/admin/kyc/approve"
  | "/admin/kyc/reject"
>;
