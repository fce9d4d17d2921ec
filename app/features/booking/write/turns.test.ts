import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "~/db/client.server";
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

const DAY = "2026-12-01";
const noRecheck = async () => {};

/** A booking that holds its members' day until `until` settles, and ends as it does. */
const holding = <T>(until: Promise<T>, members: number[], on: Db = db) =>
  inTurnForMembers(on, DAY, members, noRecheck, () => until);

/** A booking that is made as soon as it has its turn, counting its checks on the way. */
function booking(members: number[], { on = db, date = DAY } = {}) {
  let checks = 0;
  const answer = inTurnForMembers(
    on,
    date,
    members,
    async () => void (checks += 1),
    async () => "booked",
  );
  return { answer, checks: () => checks };
}

describe("a booking's turn for its members' day", () => {
  it("waits for an open booking of the same member and day, checks again, and is refused without booking", async () => {
    const winner = deferred();
    const events: string[] = [];
    const first = holding(
      winner.promise.then(() => events.push("first ends")),
      [1],
    );
    const second = inTurnForMembers(
      db,
      DAY,
      [2, 1],
      async () => {
        events.push("second checks again");
        throw new Error("taken");
      },
      async () => void events.push("second books"),
    );
    await settle();
    expect(events).toEqual([]);
    winner.resolve();
    await first;
    await expect(second).rejects.toThrow("taken");
    expect(events).toEqual(["first ends", "second checks again"]);
  });

  it("lets the waiters woken together in one at a time, each checking again after every wait", async () => {
    const open = deferred();
    const running: number[] = [];
    let most = 0;
    const checks = [0, 0, 0];
    const first = holding(open.promise, [7]);
    const waiters = [0, 1, 2].map((index) =>
      inTurnForMembers(
        db,
        DAY,
        [7],
        async () => void (checks[index] = checks[index]! + 1),
        async () => {
          running.push(index);
          most = Math.max(most, running.length);
          await settle();
          running.splice(running.indexOf(index), 1);
          return index;
        },
      ),
    );
    open.resolve();
    await first;
    expect(await Promise.all(waiters)).toEqual([0, 1, 2]);
    expect(most).toBe(1);
    // The first woken goes on after one check; the others wait again, and check again, for each before them.
    expect(checks).toEqual([1, 2, 3]);
  });

  it("does not hold up another member, another day, or a booking after the open one failed", async () => {
    const open = deferred();
    const held = holding(
      open.promise.then(() => Promise.reject(new Error("refused"))),
      [3],
    );
    const otherMember = booking([4]);
    const otherDay = booking([3], { date: "2026-12-02" });
    expect([await otherMember.answer, await otherDay.answer]).toEqual(["booked", "booked"]);
    expect([otherMember.checks(), otherDay.checks()]).toEqual([0, 0]);
    const after = booking([3]);
    open.resolve();
    await expect(held).rejects.toThrow("refused");
    expect(await after.answer).toBe("booked");
    expect(after.checks()).toBe(1);
  });

  it("keeps each database's turns apart", async () => {
    const open = deferred();
    const held = holding(open.promise, [5]);
    const elsewhere = booking([5], { on: otherDb });
    expect(await elsewhere.answer).toBe("booked");
    expect(elsewhere.checks()).toBe(0);
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
    await booking([9]).answer;
    // Started before that booking ended, the read in flight may have missed what it wrote: not shared.
    const after = readAfterTurns(db, "busy", read);
    expect(await Promise.all([pending, after])).toEqual([2, 3]);
    expect(reads).toBe(3);
    expect(await readAfterTurns(db, "other", read)).toBe(4);
  });
});
