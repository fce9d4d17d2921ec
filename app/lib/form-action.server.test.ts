import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formFailure, formTextValues, managementState, resourceFormAction } from "./form-action.server";
import { badRequest, conflict } from "./http-error";

const NOTICES = { created: "Thing created", deleted: "Thing deleted" };
const items = [{ id: 7, name: "Seven" }];
const at = (search: string) => new Request(`http://shop.test/admin/things${search}`);

describe("managementState", () => {
  it("opens the form for ?edit=new or an existing id, and names only known notices", () => {
    expect(managementState(at("?edit=new&saved=created"), items, NOTICES)).toEqual({
      editing: "new",
      notice: "Thing created",
    });
    expect(managementState(at("?edit=7"), items, NOTICES)).toEqual({ editing: items[0], notice: null });
    expect(managementState(at("?edit=8&saved=toString"), items, NOTICES)).toEqual({ editing: null, notice: null });
  });
});

describe("formTextValues", () => {
  it("keeps text fields (the first of a name) and leaves files out", () => {
    const form = new FormData();
    form.append("name", "first");
    form.append("name", "second");
    form.append("imageUpload", new File(["x"], "x.png"));
    expect(formTextValues(form)).toEqual({ name: "first" });
  });
});

describe("resourceFormAction", () => {
  const schema = z.object({ name: z.string().min(1, "Name is required") });
  const calls: string[] = [];
  const form = {
    page: "/admin/things",
    schema,
    create: async (input: { name: string }) => calls.push(`create ${input.name}`),
    update: async (id: number, input: { name: string }) => {
      if (input.name === "Taken") throw conflict("Name Taken is already in use");
      calls.push(`update ${id} ${input.name}`);
    },
    remove: async (id: number) => {
      if (id === 9) throw conflict("Thing 9 is in use");
      calls.push(`remove ${id}`);
    },
  };
  const location = (answer: unknown) => (answer instanceof Response ? answer.headers.get("location") : null);

  it("creates, updates and deletes through the feature functions, each answered by a 303 to the page", async () => {
    const created = await resourceFormAction({ name: "New" }, form);
    expect([created instanceof Response && created.status, location(created)]).toEqual([
      303,
      "/admin/things?saved=created",
    ]);
    expect(location(await resourceFormAction({ id: "7", name: "Renamed" }, form))).toBe("/admin/things?saved=updated");
    expect(location(await resourceFormAction({ id: "7", intent: "delete" }, form))).toBe("/admin/things?saved=deleted");
    expect(calls).toEqual(["create New", "update 7 Renamed", "remove 7"]);
  });

  it("answers a refusal with its status, the values as typed and the message per field", async () => {
    const invalid = await resourceFormAction({ id: "7", name: "" }, form);
    expect(invalid).toMatchObject({
      init: { status: 400 },
      data: { id: 7, values: { id: "7", name: "" }, fieldErrors: { name: "Name is required" } },
    });
    const inUse = await resourceFormAction({ id: "9", intent: "delete" }, form);
    expect(inUse).toMatchObject({ init: { status: 409 }, data: { message: "Thing 9 is in use", fieldErrors: {} } });
  });

  it("puts a save's 409 under the conflict field, and refuses a delete naming no item without saving", async () => {
    const taken = await resourceFormAction({ id: "7", name: "Taken" }, { ...form, conflictField: "name" });
    expect(taken).toMatchObject({
      init: { status: 409 },
      data: { fieldErrors: { name: "Name Taken is already in use" } },
    });
    calls.length = 0;
    const noItem = await resourceFormAction({ id: "seven", intent: "delete", name: "Kept" }, form);
    expect(noItem).toMatchObject({ init: { status: 404 }, data: { message: "Item not found" } });
    expect(calls).toEqual([]);
  });
});

describe("formFailure", () => {
  it("puts a feature's refusal that names its field beside that field, whatever its status", () => {
    expect(formFailure(badRequest("Please enter the start time", "startTime"), {})).toMatchObject({
      init: { status: 400 },
      data: { message: "Please enter the start time", fieldErrors: { startTime: "Please enter the start time" } },
    });
    // The refusal's own field wins over the page's guess for a 409.
    expect(formFailure(conflict("Nobody is free at 10:00", "startTime"), {}, "date")).toMatchObject({
      data: { fieldErrors: { startTime: "Nobody is free at 10:00" } },
    });
  });
});
