import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "./config";

describe("configuration", () => {
  it.each([
    ["", false],
    ["false", false],
    ["1", 1],
    ["2", 2],
    ["loopback", ["loopback"]],
    ["loopback, 10.0.0.0/8, fd00::/8", ["loopback", "10.0.0.0/8", "fd00::/8"]],
  ])("reads TRUST_PROXY=%j as %j", (value, expected) => {
    expect(readConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(["true", "yes", "proxy.example.com"])("stops on TRUST_PROXY=%j, naming the variable", (value) => {
    expect(() => readConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => readConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be false, the number of proxies/);
  });

  it("refuses the test clock in production unless it is enabled on purpose", () => {
    const start = "2030-06-03T09:00:00.000Z";
    expect(() => readConfig({ NODE_ENV: "production", TEST_CLOCK_START: start })).toThrow(
      /TEST_CLOCK_START: moves the shop's clock for tests; in production it also needs TEST_CLOCK_ENABLED=true/,
    );
    expect(
      readConfig({ NODE_ENV: "production", TEST_CLOCK_START: start, TEST_CLOCK_ENABLED: "true" }).testClockStart,
    ).toEqual(new Date(start));
    expect(readConfig({ NODE_ENV: "test", TEST_CLOCK_START: start }).testClockStart).toEqual(new Date(start));
    expect(readConfig({ NODE_ENV: "production" }).testClockStart).toBeUndefined();
    expect(() => readConfig({ NODE_ENV: "test", TEST_CLOCK_START: "tomorrow" })).toThrow(/TEST_CLOCK_START:/);
  });

  it("turns texts on with all three Twilio settings and refuses a partial set", () => {
    const twilio = { TWILIO_ACCOUNT_SID: "ACabc123", TWILIO_AUTH_TOKEN: "token", TWILIO_FROM: "+447700900999" };
    expect(readConfig(twilio).twilio).toMatchObject({ accountSid: "ACabc123", from: "+447700900999" });
    expect(readConfig({}).twilio).toBeUndefined();
    expect(() => readConfig({ ...twilio, TWILIO_AUTH_TOKEN: "" })).toThrow(
      /TWILIO_ACCOUNT_SID: goes with TWILIO_AUTH_TOKEN and TWILIO_FROM: set all three, or none/,
    );
    expect(() => readConfig({ TWILIO_FROM: "+447700900999" })).toThrow(ConfigError);
  });

  it("stops on a bad value, naming the variable", () => {
    expect(() => readConfig({ PORT: "70000" })).toThrow(/PORT:/);
    expect(() => readConfig({ ADMIN_PASSWORD: "short" })).toThrow(/ADMIN_PASSWORD: must be at least 8 characters/);
  });
});

describe("MEDIA_STORAGE_URL", () => {
  it("keeps uploads in DATA_DIR/uploads when unset", () => {
    expect(readConfig({ DATA_DIR: "/srv/barber" }).mediaStorage).toEqual({ kind: "local", dir: "/srv/barber/uploads" });
  });

  it("reads a bucket: https for s3://, http for s3+http://, key and secret decoded, folders as a prefix", () => {
    expect(
      readConfig({ MEDIA_STORAGE_URL: "s3://AKIA1:se%2Fcret@s3.eu-west-2.amazonaws.com/barber-media?region=eu-west-2" })
        .mediaStorage,
    ).toEqual({
      kind: "s3",
      endpoint: "https://s3.eu-west-2.amazonaws.com",
      region: "eu-west-2",
      bucket: "barber-media",
      prefix: "",
      forcePathStyle: false,
      accessKeyId: "AKIA1",
      secretAccessKey: "se/cret",
    });
    expect(
      readConfig({
        MEDIA_STORAGE_URL: "s3+http://minio:minio-secret@10.0.0.5:9000/shared/oldham/uploads?forcePathStyle=true",
      }).mediaStorage,
    ).toMatchObject({
      endpoint: "http://10.0.0.5:9000",
      bucket: "shared",
      prefix: "oldham/uploads/",
      region: "us-east-1",
      forcePathStyle: true,
    });
  });

  it.each([
    ["not a url", /is not a URL/],
    ["https://key:secret@host/bucket", /must start with s3:\/\/ or s3\+http:\/\//],
    ["s3://host/bucket", /must carry the access key and the secret/],
    ["s3://key:secret@host/", /must name the bucket/],
    ["s3://key:secret@host/bucket?regoin=eu-west-2", /unknown options: regoin/],
    ["s3://key:secret@host/bucket?forcePathStyle=yes", /forcePathStyle must be true or false/],
  ])("stops on MEDIA_STORAGE_URL=%j with what is wrong and the expected form", (value, message) => {
    expect(() => readConfig({ MEDIA_STORAGE_URL: value })).toThrow(message);
    expect(() => readConfig({ MEDIA_STORAGE_URL: value })).toThrow(
      /MEDIA_STORAGE_URL: .*the form is s3:\/\/KEY:SECRET@host/,
    );
  });
});
