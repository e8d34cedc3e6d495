/** The membership centre's forms (spec §5): their intents. The schema is in ./membership.schema.ts. */
export const EXCHANGE_INTENT = "exchange";
export const CHECK_IN_INTENT = "checkIn";
