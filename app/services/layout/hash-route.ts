/**
 * Old links of the hash-routed client: {host}/#/register/CODE (share links) and
 * /#/message/C2C{id} (chat windows). The server never sees a hash, so this script, inlined
 * first in the document head, moves such a path into the real URL with location.replace
 * before anything else loads. A hash naming another host ("#//evil.example",
 * "#/\evil.example") is left alone: it must not become an open redirect.
 * 85 bytes (the old one was 94); inline, so a Content-Security-Policy (none today) would need its hash or a nonce.
 */
export const HASH_ROUTE_SCRIPT = `(function(h){/^#\\/(?![\\/\\\\])/.test(h)&&location.replace(h.slice(1))})(location.hash);`;
