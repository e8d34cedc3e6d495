/**
 * The configured coin name ("Coins") is plural; one coin reads "Coin": "1 Coin ≈ ₦546.73",
 * "535.00 NGN per Coin". Its own module, since /home's first load carries it.
 */
export const oneCoin = (coinName: string): string => coinName.replace(/s$/, "");
