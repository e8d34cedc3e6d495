/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

/** The `qrcode` package's core (app/components/wallet/qr.server.ts): the same create() as its main module. */
declare module "qrcode/lib/core/qrcode.js" {
  export { create } from "qrcode";
}
