/** How a bound contact is shown when a code is about to go to it: enough to recognise, not to copy. */

/** "ada.obi@example.com" → "a•••@example.com". */
export function maskEmail(email: string): string {
  const at = email.indexOf("@");
  if (at <= 0) return "•••";
  return `${email[0]}•••${email.slice(at)}`;
}

/** "234-8012345678" → "+234 •••• 5678". */
export function maskPhone(phone: string): string {
  const [code, number = ""] = phone.includes("-") ? phone.split("-", 2) : ["", phone];
  const tail = number.slice(-4);
  return `${code ? `+${code} ` : ""}•••• ${tail}`;
}
