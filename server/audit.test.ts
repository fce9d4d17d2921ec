import { describe, expect, it } from "vitest";
import { describeAdminPageAction, describeApiWrite } from "./audit";

describe("what the audit log makes of a write", () => {
  it("names the resource, the action and the id from the method and path", () => {
    expect(describeApiWrite("PUT", "/services/12")).toMatchObject({
      kind: "services",
      action: "update",
      targetId: "12",
    });
    expect(describeApiWrite("DELETE", "/gallery/categories/3")).toMatchObject({
      kind: "gallery",
      action: "delete category",
      targetId: "3",
    });
    expect(describeApiWrite("POST", "/booking-slots/7/cancel")).toMatchObject({ action: "cancel booking" });
    expect(describeApiWrite("PUT", "/settings")).toMatchObject({ kind: "settings", action: "update", targetId: null });
  });

  it("keeps a customer's private link token out, and leaves sign-in and sign-out alone", () => {
    const cancel = describeApiWrite("POST", "/bookings/manage/Zq8_x-secret-token-of-43-characters-long/cancel");
    expect(cancel).toMatchObject({ kind: "bookings", action: "cancel booking by its private link", targetId: null });
    expect(JSON.stringify(cancel)).not.toContain("secret-token");
    expect(describeApiWrite("POST", "/login")).toBeNull();
    expect(describeApiWrite("POST", "/login/verify")).toBeNull();
    expect(describeApiWrite("POST", "/logout")).toBeNull();
  });

  it("records forms posted to admin screens, hydrated or not, and nothing else", () => {
    expect(describeAdminPageAction("POST", "/admin/settings")).toMatchObject({ kind: "settings", action: "form" });
    expect(describeAdminPageAction("POST", "/admin/settings.data")).toMatchObject({ kind: "settings" });
    expect(describeAdminPageAction("POST", "/admin")).toBeNull();
    expect(describeAdminPageAction("POST", "/contact")).toBeNull();
  });
});
