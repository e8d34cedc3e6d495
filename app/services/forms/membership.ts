/** The membership centre's forms (docs/product/validation.md): their intents. The schema is in ./membership.schema.ts. */
export const EXCHANGE_INTENT = "exchange";
export const CHECK_IN_INTENT = "checkIn";
