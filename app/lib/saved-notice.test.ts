import { describe, expect, it } from "vitest";
import { saveToast, savedNotices } from "./saved-notice";

describe("the notices of an admin save", () => {
  it("words the toast as the spec does", () => {
    expect(saveToast("Service", "created")).toEqual({
      title: "Service created",
      description: "The service has been created successfully.",
    });
    expect(saveToast("FAQ", "deleted", "FAQ")).toEqual({
      title: "FAQ deleted",
      description: "The FAQ has been deleted successfully.",
    });
  });

  it("gives the page after a save without JavaScript the same words on one line", () => {
    expect(savedNotices("Blog post")).toEqual({
      created: "Blog post created: the blog post has been created successfully.",
      updated: "Blog post updated: the blog post has been updated successfully.",
      deleted: "Blog post deleted: the blog post has been deleted successfully.",
    });
    expect(savedNotices("FAQ", "FAQ").updated).toBe("FAQ updated: the FAQ has been updated successfully.");
  });
});
