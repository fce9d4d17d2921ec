import http from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../../tests/support/test-app";

/* JSON answers are gzipped when the client takes gzip, inline up to 256 KB and by the stream past it. */

let api: TestApi;

/** The raw answer, undecoded, as a client that sends `accept-encoding` gets it. */
function rawGet(path: string, acceptEncoding: string) {
  return new Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }>((resolve, reject) => {
    http
      .get(`${api.baseUrl}${path}`, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            encoding: response.headers["content-encoding"],
            vary: response.headers.vary,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on("error", reject);
  });
}

beforeAll(async () => {
  api = await startTestApi();
  const admin = await api.admin();
  for (let index = 0; index < 12; index++) {
    const created = await admin.post("/api/services", {
      title: `Service number ${index}`,
      price: 20 + index,
      description: "A description long enough that twelve of them make more than a kilobyte of JSON.",
      category: "hair",
      icon: "Scissors",
      duration: 30,
    });
    expect(created.status).toBe(201);
  }
});
afterAll(() => api.close());

describe("compressed JSON answers", () => {
  it("gzips an answer of a few kilobytes, which decodes to the same JSON as the plain one", async () => {
    const plain = await rawGet("/api/services", "identity");
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const gzipped = await rawGet("/api/services", "gzip, deflate, br");
    expect(gzipped.encoding).toBe("gzip");
    expect(gzipped.vary).toMatch(/Accept-Encoding/i);
    expect(gzipped.body.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(gunzipSync(gzipped.body).toString())).toEqual(JSON.parse(plain.body.toString()));
  });

  it("still compresses an answer past the inline limit, by the stream", async () => {
    const plain = await rawGet("/api/openapi.json", "identity");
    expect(plain.body.length).toBeGreaterThan(256 * 1024);
    const gzipped = await rawGet("/api/openapi.json", "gzip");
    expect(gzipped.encoding).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzipped.body).toString())).toEqual(JSON.parse(plain.body.toString()));
  });

  it("leaves a small answer as it is", async () => {
    const small = await rawGet("/api/faqs", "gzip");
    expect(small.encoding).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual([]);
  });
});
