import type { Db } from "~/db/client.server";
import type { AuditEntry, AuditQuery } from "./audit.schema";

export interface AuditRecord {
  actor: { id: number; username: string };
  kind: string;
  action: string;
  targetId: string | null;
  targetLabel: string | null;
  /** The client address, for sign-ins. */
  address?: string;
}

const LABEL_MAX = 200;

/** Stores an entry; answers its id. */
export async function recordAudit(db: Db, record: AuditRecord) {
  const { id } = await db
    .insertInto("audit_log")
    .values({
      actor_id: record.actor.id,
      actor_name: record.actor.username,
      kind: record.kind,
      action: record.action,
      target_id: record.targetId,
      target_label: record.targetLabel?.slice(0, LABEL_MAX) ?? null,
      address: record.address ?? null,
      created_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** Names what an entry recorded before the call was made wrote, once its answer says. */
export async function labelAudit(db: Db, id: number, label: string) {
  await db
    .updateTable("audit_log")
    .set({ target_label: label.slice(0, LABEL_MAX) })
    .where("id", "=", id)
    .execute();
}

/** Takes back the entry of a call that was refused: nothing happened to record. */
export async function withdrawAudit(db: Db, id: number) {
  await db.deleteFrom("audit_log").where("id", "=", id).execute();
}

/** The latest entries first, optionally of one admin and/or one kind. */
export async function listAudit(db: Db, query: AuditQuery): Promise<AuditEntry[]> {
  let select = db.selectFrom("audit_log").selectAll();
  if (query.admin) select = select.where("actor_name", "=", query.admin);
  if (query.kind) select = select.where("kind", "=", query.kind);
  const rows = await select.orderBy("created_at", "desc").orderBy("id", "desc").limit(query.limit).execute();
  return rows.map((row) => ({
    id: row.id,
    admin: row.actor_name,
    kind: row.kind,
    action: row.action,
    targetId: row.target_id,
    targetLabel: row.target_label,
    address: row.address,
    createdAt: row.created_at,
  }));
}

/** The admins and kinds the log holds, for the filter menus. */
export async function auditFilterChoices(db: Db) {
  const [admins, kinds] = await Promise.all([
    db.selectFrom("audit_log").select("actor_name").distinct().orderBy("actor_name").execute(),
    db.selectFrom("audit_log").select("kind").distinct().orderBy("kind").execute(),
  ]);
  return { admins: admins.map((row) => row.actor_name), kinds: kinds.map((row) => row.kind) };
}
