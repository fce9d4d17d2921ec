import { describe, expect, it } from "vitest";
import { describeAdminPageRequest, describeApiCall } from "./audit";

describe("what the audit log makes of a write", () => {
  it("names the resource, the action and the id from the method and path", () => {
    expect(describeApiCall("PUT", "/services/12")).toMatchObject({
      kind: "services",
      action: "update",
      targetId: "12",
    });
    expect(describeApiCall("DELETE", "/gallery/categories/3")).toMatchObject({
      kind: "gallery",
      action: "delete category",
      targetId: "3",
    });
    expect(describeApiCall("POST", "/booking-slots/7/cancel")).toMatchObject({ action: "cancel booking" });
    expect(describeApiCall("PUT", "/settings")).toMatchObject({ kind: "settings", action: "update", targetId: null });
  });

  it("reads its tables' own entries only: a path named after Object's members is described like any other", () => {
    for (const name of ["constructor", "toString", "hasOwnProperty"]) {
      expect(describeApiCall("POST", `/${name}`)).toEqual({
        kind: name,
        action: "create",
        targetId: null,
        labelFields: [],
      });
      expect(describeApiCall("GET", `/${name}`)).toBeNull();
      expect(describeAdminPageRequest("GET", `/admin/${name}`)).toBeNull();
    }
  });

  it("keeps a customer's private link token out, and leaves sign-in and sign-out alone", () => {
    const cancel = describeApiCall("POST", "/bookings/manage/Zq8_x-secret-token-of-43-characters-long/cancel");
    expect(cancel).toMatchObject({ kind: "bookings", action: "cancel booking by its private link", targetId: null });
    expect(JSON.stringify(cancel)).not.toContain("secret-token");
    expect(describeApiCall("POST", "/login")).toBeNull();
    expect(describeApiCall("POST", "/login/verify")).toBeNull();
    expect(describeApiCall("POST", "/logout")).toBeNull();
  });

  it("names a customer's export and erasure, and hands the address over only to be fingerprinted", () => {
    expect(describeApiCall("GET", "/customers/ada%40example.com/export")).toMatchObject({
      kind: "customers",
      action: "export customer data",
      targetId: null,
      customerKey: "ada@example.com",
    });
    expect(describeApiCall("DELETE", "/customers/ada%40example.com")).toMatchObject({
      action: "erase customer",
      customerKey: "ada@example.com",
    });
    expect(describeApiCall("PUT", "/customers/ada%40example.com/notes")).toMatchObject({
      action: "update customer notes",
    });
    expect(describeApiCall("GET", "/services/3")).toBeNull();
  });

  it("names the till's writes in words; the close and refunds write their own entries", () => {
    expect(describeApiCall("POST", "/sales/12/payments")).toMatchObject({
      kind: "sales",
      action: "take payment",
      targetId: "12",
    });
    expect(describeApiCall("POST", "/sales/12/payments/3/cancel")).toMatchObject({
      action: "cancel payment on the card reader",
    });
    expect(describeApiCall("POST", "/sales")).toMatchObject({ action: "ring up sale", labelFields: ["number"] });
    expect(describeApiCall("DELETE", "/terminal/readers/tmr_test_4")).toMatchObject({ action: "remove card reader" });
    expect(describeApiCall("POST", "/till/2026-11-27/close")).toBeNull();
    expect(describeApiCall("POST", "/sales/12/refund")).toBeNull();
  });

  it("names the reads that hand customers' personal data out, and only those", () => {
    expect(describeApiCall("GET", "/customers/ada%40example.com")).toMatchObject({
      kind: "customers",
      action: "view customer",
      customerKey: "ada@example.com",
    });
    expect(describeApiCall("GET", "/customers")).toMatchObject({ action: "view customer list" });
    expect(describeApiCall("GET", "/contact/submissions")).toMatchObject({ action: "view contact messages" });
    expect(describeApiCall("GET", "/booking-slots", { admin: "true" })).toMatchObject({
      kind: "booking-slots",
      action: "view booking list",
    });
    // The public list of free slots holds nobody's data.
    expect(describeApiCall("GET", "/booking-slots")).toBeNull();
    expect(describeApiCall("GET", "/services")).toBeNull();
  });

  it("records forms posted to admin screens, hydrated or not, and nothing else", () => {
    expect(describeAdminPageRequest("POST", "/admin/settings")).toMatchObject({ kind: "settings", action: "form" });
    expect(describeAdminPageRequest("POST", "/admin/settings.data")).toMatchObject({ kind: "settings" });
    expect(describeAdminPageRequest("POST", "/admin")).toBeNull();
    expect(describeAdminPageRequest("POST", "/contact")).toBeNull();
    expect(describeAdminPageRequest("GET", "/admin/settings.data")).toBeNull();
  });

  it("records looks at the admin screens of customers' personal data, hydrated or not", () => {
    expect(describeAdminPageRequest("GET", "/admin/customers/ada%40example.com")).toMatchObject({
      kind: "customers",
      action: "view customer",
      customerKey: "ada@example.com",
    });
    expect(describeAdminPageRequest("GET", "/admin/customers/ada%40example.com.data")).toMatchObject({
      customerKey: "ada@example.com",
    });
    expect(describeAdminPageRequest("GET", "/admin/bookings")).toMatchObject({ action: "view booking list" });
    expect(describeAdminPageRequest("GET", "/admin/customers.data")).toMatchObject({ action: "view customer list" });
    expect(describeAdminPageRequest("GET", "/admin/contact")).toMatchObject({ action: "view contact messages" });
    expect(describeAdminPageRequest("GET", "/admin/memberships.data")).toMatchObject({ action: "view memberships" });
    expect(describeAdminPageRequest("GET", "/admin/services")).toBeNull();
  });
});

describe("what the audit log makes of a booking", () => {
  it("names the owner's booking for a caller as such, labelled by the answer's reference", () => {
    expect(describeApiCall("POST", "/bookings")).toMatchObject({
      kind: "bookings",
      action: "book for a caller",
      labelFields: ["reference"],
    });
    expect(describeApiCall("POST", "/booking-slots/7/cancel")).toMatchObject({ labelFields: ["reference"] });
  });
});
