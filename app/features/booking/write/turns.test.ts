import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { inTurnForMembers, readAfterTurns } from "./turns.server";

/* Decision 067: a customer booking waits for this process's bookings of the same members and day, then checks again. */

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

// Only the turns' key: nothing here reads the database.
const db = openDatabase({ kind: "sqlite", file: ":memory:" });
const otherDb = openDatabase({ kind: "sqlite", file: ":memory:" });
afterAll(async () => {
  await Promise.all([db.destroy(), otherDb.destroy()]);
});

describe("a booking's turn for its members' day", () => {
  it("waits for an open booking of the same member and day, checks again, and is refused without booking", async () => {
    const winner = deferred();
    const events: string[] = [];
    const first = inTurnForMembers(
      db,
      "2026-12-01",
      [1],
      async () => {},
      async () => {
        events.push("first books");
        await winner.promise;
        events.push("first ends");
      },
    );
    const second = inTurnForMembers(
      db,
      "2026-12-01",
      [2, 1],
      async () => {
        events.push("second checks again");
        throw new Error("taken");
      },
      async () => {
        events.push("second books");
      },
    );
    await settle();
    expect(events).toEqual(["first books"]);
    winner.resolve();
    await first;
    await expect(second).rejects.toThrow("taken");
    expect(events).toEqual(["first books", "first ends", "second checks again"]);
  });

  it("lets the waiters woken together in one at a time, each checking again after every wait", async () => {
    const open = deferred();
    const running: number[] = [];
    let most = 0;
    const book = (index: number) => async () => {
      running.push(index);
      most = Math.max(most, running.length);
      await settle();
      running.splice(running.indexOf(index), 1);
      return index;
    };
    const checks = [0, 0, 0];
    const first = inTurnForMembers(
      db,
      "2026-12-01",
      [7],
      async () => {},
      () => open.promise.then(() => -1),
    );
    const waiters = [0, 1, 2].map((index) =>
      inTurnForMembers(
        db,
        "2026-12-01",
        [7],
        async () => void checks.splice(index, 1, checks[index]! + 1),
        book(index),
      ),
    );
    open.resolve();
    expect(await first).toBe(-1);
    expect(await Promise.all(waiters)).toEqual([0, 1, 2]);
    expect(most).toBe(1);
    // The first woken goes on after one check; the others wait again, and check again, for each before them.
    expect(checks).toEqual([1, 2, 3]);
  });

  it("does not hold up another member, another day, or a booking after the open one failed", async () => {
    const open = deferred();
    const held = inTurnForMembers(
      db,
      "2026-12-01",
      [3],
      async () => {},
      async () => {
        await open.promise;
        throw new Error("refused");
      },
    );
    const otherMember = await inTurnForMembers(
      db,
      "2026-12-01",
      [4],
      async () => {},
      async () => "booked",
    );
    const otherDay = await inTurnForMembers(
      db,
      "2026-12-02",
      [3],
      async () => {},
      async () => "booked",
    );
    expect([otherMember, otherDay]).toEqual(["booked", "booked"]);
    let checked = false;
    const after = inTurnForMembers(
      db,
      "2026-12-01",
      [3],
      async () => void (checked = true),
      async () => "booked after",
    );
    open.resolve();
    await expect(held).rejects.toThrow("refused");
    expect(await after).toBe("booked after");
    expect(checked).toBe(true);
  });

  it("keeps each database's turns apart", async () => {
    const open = deferred();
    const held = inTurnForMembers(
      db,
      "2026-12-01",
      [5],
      async () => {},
      () => open.promise,
    );
    let checked = false;
    const elsewhere = await inTurnForMembers(
      otherDb,
      "2026-12-01",
      [5],
      async () => void (checked = true),
      async () => "booked",
    );
    expect([elsewhere, checked]).toEqual(["booked", false]);
    open.resolve();
    await held;
  });
});

describe("a read after a wait", () => {
  it("is one read for the waiters woken together, and a new one once another booking has ended", async () => {
    let reads = 0;
    const read = async () => {
      const mine = (reads += 1);
      await settle();
      return mine;
    };
    const together = await Promise.all([1, 2, 3].map(() => readAfterTurns(db, "busy", read)));
    expect(together).toEqual([1, 1, 1]);
    const pending = readAfterTurns(db, "busy", read);
    await inTurnForMembers(
      db,
      "2026-12-01",
      [9],
      async () => {},
      async () => {},
    );
    // Started before that booking ended, the read in flight may have missed what it wrote: not shared.
    const after = readAfterTurns(db, "busy", read);
    expect(await Promise.all([pending, after])).toEqual([2, 3]);
    expect(reads).toBe(3);
    expect(await readAfterTurns(db, "other", read)).toBe(4);
  });
});
