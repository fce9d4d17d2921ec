import { afterEach, expect, it } from "vitest";
import { clockNow, startClockAt } from "./clock";
import { hasStarted, shopMoment, shopToday } from "./shop-time";

afterEach(() => startClockAt(new Date()));

it("runs on from the instant it is started at, and the shop's today and has-started follow it", async () => {
  startClockAt(new Date("2030-06-03T22:30:00Z"));
  expect(shopMoment()).toEqual({ date: "2030-06-03", time: "23:30" });
  expect(shopToday()).toBe("2030-06-03");
  expect(hasStarted("2030-06-03", "23:00")).toBe(true);
  expect(hasStarted("2030-06-03", "23:45")).toBe(false);
  const before = clockNow().getTime();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(clockNow().getTime() - before).toBeGreaterThanOrEqual(15);
});
