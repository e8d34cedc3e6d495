/**
 * "Chrome on Android": what a session's User-Agent says about the device, in words its owner
 * recognises (ADR 0058). A few families by their own tokens, in the order that tells them apart
 * (most browsers also claim to be Chrome and Safari); anything else is named by what is known.
 */
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOpera Mini\/|\bOPiOS\//, "Opera Mini"],
  [/\bOPR\/|\bOPT\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bUCBrowser\/|\bUCWEB\b/, "UC Browser"],
  [/\bPHX\//, "Phoenix"],
  [/\bMiuiBrowser\//, "Mi Browser"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  // An Android app's web view says "; wv)": not the Chrome its owner opens.
  [/; wv\)/, "App"],
  // "HeadlessChrome/" too: a browser a program drives is still Chrome.
  [/Chrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bKAIOS\b/i, "KaiOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMacintosh\b|\bMac OS X\b/, "Mac"],
  [/\bLinux\b/, "Linux"],
];

const first = (ua: string, table: ReadonlyArray<readonly [RegExp, string]>) => table.find(([re]) => re.test(ua))?.[1];

export const UNKNOWN_DEVICE = "Unknown device";

export function deviceLabel(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim() ?? "";
  if (!ua) return UNKNOWN_DEVICE;
  const browser = first(ua, BROWSERS);
  const system = first(ua, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `Browser on ${system}`;
  return UNKNOWN_DEVICE;
}
