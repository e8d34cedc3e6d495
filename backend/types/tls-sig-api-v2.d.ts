/** Tencent's reference implementation of the TLS signature v2 (used by the tests to check ours). */
declare module "tls-sig-api-v2" {
  export class Api {
    constructor(sdkappid: number, key: string);
    genUserSig(userid: string, expire: number): string;
    genSig(userid: string, expire: number, userBuf: Buffer | null): string;
    genPrivateMapKey(userid: string, expire: number, roomid: number, privilegeMap: number): string;
    _hmacsha256(identifier: string, currTime: number, expire: number, base64UserBuf: string | null): string;
  }
}
