import { expect, it } from "vitest";
import { maskedPath } from "~/lib/masked-path";
import { resolveLogFormat } from "./log";

it("logs paths without their query string, private-link tokens or e-mail addresses", () => {
  const token = "Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5";
  expect(maskedPath("/api/services?q=sam@example.com")).toBe("/api/services");
  expect(maskedPath(`/bookings/manage/${token}`)).toBe("/bookings/manage/***");
  expect(maskedPath(`/bookings/manage/${token}.data?_routes=x`)).toBe("/bookings/manage/***");
  expect(maskedPath(`/api/bookings/manage/${token}/calendar.ics`)).toBe("/api/bookings/manage/***/calendar.ics");
  expect(maskedPath("/admin/customers/sam%40example.com")).toBe("/admin/customers/***");
  expect(maskedPath("/api/customers/sam%40example.com/notes")).toBe("/api/customers/***/notes");
  // Any other segment that reads as a token or an address, wherever a future route puts it.
  expect(maskedPath(`/account/link/${token}`)).toBe("/account/link/***");
  expect(maskedPath("/somewhere/sam@example.com")).toBe("/somewhere/***");
  expect(maskedPath("/blog/how-to-keep-a-skin-fade-sharp")).toBe("/blog/how-to-keep-a-skin-fade-sharp");
});

it("writes JSON in production off a terminal, text in development or on one, and LOG_FORMAT decides when set", () => {
  expect(resolveLogFormat({ env: "production", logFormat: undefined }, false)).toBe("json");
  expect(resolveLogFormat({ env: "production", logFormat: undefined }, true)).toBe("text");
  expect(resolveLogFormat({ env: "development", logFormat: undefined }, false)).toBe("text");
  expect(resolveLogFormat({ env: "production", logFormat: "text" }, false)).toBe("text");
  expect(resolveLogFormat({ env: "development", logFormat: "json" }, true)).toBe("json");
});
