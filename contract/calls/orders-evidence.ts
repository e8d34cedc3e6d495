import { defineCall, okEmpty } from "../define";
import { addEvidenceRequest, evidencePictureRequest, pictureResponse } from "../order-evidence";

/** Evidence in a dispute (docs/decisions/0074-dispute-evidence.md; limits and words: contract/order-evidence.ts). */
export const orderEvidenceCalls = {
  "/order/addEvidence": defineCall({
    path: "/order/addEvidence",
    auth: "user",
    request: addEvidenceRequest,
    response: okEmpty,
    doc: "Designed (ADR 0074): the seller adds a statement and pictures (paths of /image/uploadImage type 'evidence') to her order in negotiation or arbitration; the merchant is told.",
  }),
  "/order/getEvidencePicture": defineCall({
    path: "/order/getEvidencePicture",
    auth: "user",
    request: evidencePictureRequest,
    response: pictureResponse,
    doc: "Designed (ADR 0074): one evidence picture of an order, for its seller or its merchant only; 'Order not found.' for anyone else.",
  }),
};

/** The merchant's and staff's side. */
export const orderEvidenceDeskCalls = {
  "/merchant/order/addEvidence": defineCall({
    path: "/merchant/order/addEvidence",
    auth: "business",
    request: addEvidenceRequest,
    response: okEmpty,
    doc: "Designed (ADR 0074): the merchant adds a statement and pictures to an order it bought, in negotiation or arbitration; the seller is told.",
  }),
  "/admin/order/getEvidencePicture": defineCall({
    path: "/admin/order/getEvidencePicture",
    auth: "admin",
    request: evidencePictureRequest,
    response: pictureResponse,
    doc: "Designed (ADR 0074): one evidence picture of any order, for an administrator.",
  }),
};
