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

  it("stops on a bad value, naming the variable", () => {
    expect(() => readConfig({ PORT: "70000" })).toThrow(/PORT:/);
    expect(() => readConfig({ ADMIN_PASSWORD: "short" })).toThrow(/ADMIN_PASSWORD: must be at least 8 characters/);
  });
});
