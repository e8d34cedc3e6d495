import { describe, expect, it } from "vitest";
import { amzDate, awsUriEncode, EMPTY_SHA256, signV4 } from "./sigv4";

/**
 * The "GET Object" example of the S3 API reference, "Signature Calculations for the
 * Authorization Header" (sig-v4-header-based-auth): the published test credentials,
 * GET /test.txt from examplebucket with Range: bytes=0-9 on 24 May 2013.
 */
describe("SigV4", () => {
  const creds = {
    accessKeyId: "AKIAIOSFODNN7EXAMPLE",
    secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    region: "us-east-1",
    service: "s3",
  };

  it("reproduces AWS's published GET object signature", () => {
    const r = signV4(
      {
        method: "GET",
        url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
        headers: {
          Host: "examplebucket.s3.amazonaws.com",
          Range: "bytes=0-9",
          "x-amz-content-sha256": EMPTY_SHA256,
          "x-amz-date": amzDate(new Date("2013-05-24T00:00:00Z")),
        },
        payloadHash: EMPTY_SHA256,
      },
      creds,
    );
    expect(r.canonicalRequest).toBe(
      [
        "GET",
        "/test.txt",
        "",
        "host:examplebucket.s3.amazonaws.com",
        "range:bytes=0-9",
        `x-amz-content-sha256:${EMPTY_SHA256}`,
        "x-amz-date:20130524T000000Z",
        "",
        "host;range;x-amz-content-sha256;x-amz-date",
        EMPTY_SHA256,
      ].join("\n"),
    );
    expect(r.stringToSign).toBe(
      "AWS4-HMAC-SHA256\n20130524T000000Z\n20130524/us-east-1/s3/aws4_request\n7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972",
    );
    expect(r.signature).toBe("f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41");
    expect(r.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });

  it("encodes URIs the AWS way", () => {
    expect(awsUriEncode("a b/c*d~e", true)).toBe("a%20b/c%2Ad~e");
    expect(awsUriEncode("a/b", false)).toBe("a%2Fb");
    expect(awsUriEncode("é", false)).toBe("%C3%A9");
  });
});
