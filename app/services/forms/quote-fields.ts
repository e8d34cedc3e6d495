/** The names of a sell form's hidden quote fields (no dependencies: the forms' first-load bundle carries it). */
export const QUOTE_FIELDS = { rate: "quoteRate", at: "quoteAt", sig: "quoteSig" } as const;
