import type { Db } from "~/db/client.server";
import { takeContentWriteTurn } from "~/db/content-version.server";
import { type ConfirmedIdentity, endOtherSessions, hashPassword } from "~/features/auth/index.server";
import { conflict, notFound } from "~/lib/http-error";
import type { AdminAccount, NewAccountInput } from "./accounts.schema";

export async function listAdmins(db: Db): Promise<AdminAccount[]> {
  const rows = await db
    .selectFrom("users")
    .select(["id", "username", "two_factor_enabled", "created_at"])
    .where("is_admin", "=", 1)
    .orderBy("username")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    twoFactorEnabled: row.two_factor_enabled === 1,
    createdAt: row.created_at,
  }));
}

/** Adds an admin; `_by` is the adding admin's proof that they signed in again for it. */
export async function addAdmin(db: Db, input: NewAccountInput, _by: ConfirmedIdentity): Promise<AdminAccount> {
  const taken = await db.selectFrom("users").select("id").where("username", "=", input.username).executeTakeFirst();
  if (taken) throw conflict("That username is already taken.");
  const createdAt = new Date().toISOString();
  // A racing insert of the same name is caught by the unique index and answered 409 by the API.
  const row = await db
    .insertInto("users")
    .values({
      username: input.username,
      password_hash: await hashPassword(input.password),
      is_admin: 1,
      created_at: createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, username: input.username, twoFactorEnabled: false, createdAt };
}

/**
 * Removes an admin and their sessions. Never the caller (they would lock themselves out mid-request)
 * and never the last admin: removals take turns, so the last two admins removing each other at once
 * leave one.
 */
export async function removeAdmin(db: Db, by: ConfirmedIdentity, id: number) {
  if (id === by.userId) throw conflict("You cannot remove your own account. Ask another admin to do it.");
  await db.transaction().execute(async (trx) => {
    await takeContentWriteTurn(trx);
    const admins = await trx.selectFrom("users").select("id").where("is_admin", "=", 1).execute();
    if (!admins.some((admin) => admin.id === id)) throw notFound("Admin account");
    if (admins.length <= 1) throw conflict("The last admin account cannot be removed.");
    await trx.deleteFrom("users").where("id", "=", id).execute();
  });
}

/** Sets a new password; every other session of the account ends, the one making the change stays. */
export async function changeOwnPassword(
  db: Db,
  { userId }: ConfirmedIdentity,
  currentSessionToken: string | undefined,
  newPassword: string,
) {
  const hash = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ password_hash: hash }).where("id", "=", userId).execute();
    await endOtherSessions(trx, userId, currentSessionToken);
  });
}
