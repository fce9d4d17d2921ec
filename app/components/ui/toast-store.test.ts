import { describe, expect, it, vi } from "vitest";
import { currentToasts, dismissToast, subscribeToToasts, toast } from "./toast-store";

describe("the toast queue", () => {
  it("holds one toast at a time, the newest, and tells its listeners", () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToToasts(listener);
    toast({ title: "Message sent!" });
    const id = toast({ title: "Error", description: "Failed to send message", variant: "destructive" });
    expect(currentToasts()).toEqual([
      { id, open: true, title: "Error", description: "Failed to send message", variant: "destructive" },
    ]);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it("closes a dismissed toast at once and forgets it after 1000000 ms", () => {
    vi.useFakeTimers();
    try {
      const id = toast({ title: "Saved" });
      dismissToast(id);
      expect(currentToasts()).toEqual([{ id, open: false, title: "Saved" }]);
      vi.advanceTimersByTime(999_999);
      expect(currentToasts()).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(currentToasts()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
