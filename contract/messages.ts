/**
 * The user-facing texts of docs/product/validation.md, docs/product/messages.md, verbatim. Plain values, no zod: pages
 * that only show a message (and contract/sell-rules) import this, not ./fields.
 */

/** Client-side messages of docs/product/validation.md, docs/product/messages.md, verbatim. X-Y texts are functions. */
export const MESSAGES = {
  email: "Please enter a valid email address.",
  phone: "Please enter a valid phone number.",
  interCode: "Please enter a valid interCode.",
  code: "Please enter a valid code.",
  nickname: "Username consists of 2 to 20 alphanumeric characters or underscores.",
  password: "Password: 6-16 characters, only letters and numbers",
  oldPassword: "OldPassword: 6-16 characters, only letters and numbers",
  newPassword: "NewPassword: 6-16 characters, only letters and numbers",
  passwordMismatch: "The new password are different, retry again please.",
  tradePassword: "Trade Password: 6 numbers.",
  feedbackType: "Select a feedback, please.",
  feedbackContent: "Comment cannot be empty.",
  redemptionCodeRequired: "Please enter Redemption Code.",
  redemptionCodeInvalid: "Please enter a valid Redemption Code.",
  realName: "Please enter your Real Name.",
  bank: "Please select your bank.",
  kycRealName: "The Real Name must not be empty.",
  kycIdKind: "Please select your ID Type.",
  kycFront: "Please upload ID Card front Photo.",
  unsupportedImage: "Unsupport!",
  uploadFailed: "Fail!",
  businessOffline: "The Business is Offline.",
  cardFaceRange: (min: string | number, max: string | number, currency: string) =>
    `The CardFace must be between ${min}-${max} ${currency}.`,
  remainNotEnough: "The Remain Amount is not enough.",
  cardCodeEmpty: "The Gift Card Code must not be Empty.",
  cardImageEmpty: "The Gift Card Image must not be Empty.",
  sellCoinsRange: (min: string | number, max: string | number) => `The Sell Coins must be between ${min}-${max} Coins.`,
  availableNotEnough: "Your available Amount is not enough.",
  bankAccountRequired: "Select your received bank account.",
  amountTooLow: "The transaction amount is too low.",
  insufficientWealth: "Insufficient wealth, redeem failed.",
  orderFinished: "Order finished",
  removed: "Removed !",
  success: "Success",
  confirmSignOut: "Confirm to Sign out ?",
  goToLogin: "Go To Login?",
} as const;

/**
 * Ours, not the spec's: /order/addOrder refuses a card (an e-code, or a picture with the
 * same pixels) that the seller's own order still open already carries
 * (docs/decisions/0033-duplicate-cards.md).
 */
export const cardAlreadyInOpenOrder = (orderId: number) =>
  `You have already sent this card in order #${orderId}. Wait for that order to finish before selling the card again.`;
