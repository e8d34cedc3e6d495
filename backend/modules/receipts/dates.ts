/**
 * "MMM D, YYYY hh:mm A" in a zone (docs/product/constants.md), as the web tier writes dates
 * (ADR 0010; contract/time-zone.ts is both tiers' one formatter): the receipt's times are written
 * by the backend, once, for the page and the PDF alike.
 */
export { formatDateIn as formatReceiptDate } from "../../../contract/time-zone";
