import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { withFieldErrors } from "./form-errors";

interface Values {
  title: string;
  order: number;
}

function recorder() {
  const calls: { field: string; message: string | undefined }[] = [];
  const setError = (field: string, error: { message?: string }) => {
    calls.push({ field, message: error.message });
  };
  return { calls, setError };
}

describe("withFieldErrors", () => {
  it("passes a successful answer through untouched", async () => {
    const { calls, setError } = recorder();
    await expect(
      withFieldErrors<string, Values>(Promise.resolve("saved"), setError, { fields: ["title"] }),
    ).resolves.toBe("saved");
    expect(calls).toEqual([]);
  });

  it("puts the server's validation issues on the matching fields and rethrows for the toast", async () => {
    const { calls, setError } = recorder();
    const refused = new ApiError(400, "Title is required", [
      { path: "title", message: "Title is required" },
      { path: "unknown", message: "Not a field of this form" },
    ]);
    await expect(
      withFieldErrors<never, Values>(Promise.reject(refused), setError, { fields: ["title", "order"] }),
    ).rejects.toBe(refused);
    expect(calls).toEqual([{ field: "title", message: "Title is required" }]);
  });

  it("puts a conflict on the field it is about, and only when one is named", async () => {
    const taken = new ApiError(409, "Order number 3 is already in use. Please choose a different number.");
    const named = recorder();
    await expect(
      withFieldErrors<never, Values>(Promise.reject(taken), named.setError, {
        fields: ["order"],
        conflictField: "order",
      }),
    ).rejects.toBe(taken);
    expect(named.calls).toEqual([{ field: "order", message: taken.message }]);

    const unnamed = recorder();
    await expect(
      withFieldErrors<never, Values>(Promise.reject(taken), unnamed.setError, { fields: ["order"] }),
    ).rejects.toBe(taken);
    expect(unnamed.calls).toEqual([]);
  });

  it("leaves the fields alone for failures that are not the server's answer", async () => {
    const { calls, setError } = recorder();
    const offline = new TypeError("Failed to fetch");
    await expect(withFieldErrors<never, Values>(Promise.reject(offline), setError, { fields: ["title"] })).rejects.toBe(
      offline,
    );
    expect(calls).toEqual([]);
  });
});
