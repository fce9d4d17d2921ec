import type { Db } from "~/db/client.server";

/*
 * The customer bookings this process has in a transaction, by member and day (decision 067). A booking that
 * finds one open for a member it could take waits for it to end and checks the time again, in a plain read,
 * before opening its own. Of many customers racing for one time, the losers then see the winner's booking and
 * are refused at once, together, instead of queueing one by one on the members' lock for a transaction each.
 * Only a shortcut: the lock and the database's constraints still decide, across processes too.
 */

interface Turns {
  open: Map<string, Promise<void>>;
  /** How many bookings have ended their turn: a read started at the current count saw every one of them end. */
  ended: number;
  sharedReads: Map<string, { ended: number; read: Promise<unknown> }>;
}

// By database: a process may serve more than one (the tests' apps).
const turnsByDb = new WeakMap<Db, Turns>();

function turnsOf(db: Db) {
  let turns = turnsByDb.get(db);
  if (!turns) turnsByDb.set(db, (turns = { open: new Map(), ended: 0, sharedReads: new Map() }));
  return turns;
}

/**
 * Runs `book` once no booking of this process holds any of these members' day, calling `recheck` (which throws
 * the refusal) after every wait. The keys are taken in the same turn of the event loop as the check, so of the
 * waiters woken together, one goes on and the rest wait again.
 */
export async function inTurnForMembers<T>(
  db: Db,
  date: string,
  memberIds: readonly number[],
  recheck: () => Promise<void>,
  book: () => Promise<T>,
): Promise<T> {
  const turns = turnsOf(db);
  const keys = memberIds.map((id) => `${id}@${date}`);
  for (;;) {
    const before = keys.flatMap((key) => turns.open.get(key) ?? []);
    if (before.length === 0) break;
    await Promise.all(before);
    await recheck();
  }
  let release!: () => void;
  const ended = new Promise<void>((resolve) => (release = resolve));
  for (const key of keys) turns.open.set(key, ended);
  try {
    return await book();
  } finally {
    for (const key of keys) if (turns.open.get(key) === ended) turns.open.delete(key);
    turns.ended += 1;
    release();
  }
}

/**
 * One read for the waiters woken together: the first starts it, the others take its answer while no other
 * booking has ended since it started, so it was sent after whatever ended their wait had committed.
 */
export function readAfterTurns<T>(db: Db, key: string, read: () => Promise<T>): Promise<T> {
  const turns = turnsOf(db);
  const shared = turns.sharedReads.get(key);
  if (shared?.ended === turns.ended) return shared.read as Promise<T>;
  const entry = {
    ended: turns.ended,
    read: read().finally(() => {
      if (turns.sharedReads.get(key) === entry) turns.sharedReads.delete(key);
    }),
  };
  turns.sharedReads.set(key, entry);
  return entry.read;
}
