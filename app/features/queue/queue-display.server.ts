import QRCode from "qrcode";
import type { AppContext } from "~/context";
import { clockNow } from "~/lib/clock";
import { loadQueueDay, queueState, type QueueCtx } from "./queue-day.server";
import { displayName } from "./queue.schema";

/* The TV at the door and the poster: nothing of a customer beyond a first name and an initial. */

const NEXT_SHOWN = 8;

/** The QR code of /queue, as an image the page can show without any script. */
export const queueQrCode = (ctx: Pick<AppContext, "config">, width: number) =>
  QRCode.toDataURL(`${ctx.config.publicUrl}/queue`, { margin: 1, width, errorCorrectionLevel: "M" });

/** /queue/display: the waits, the next names and the QR code of /queue. */
export async function queueDisplay(ctx: QueueCtx & Pick<AppContext, "config">, now: Date = clockNow()) {
  const day = await loadQueueDay(ctx, now);
  const names = new Map(day.team.map((member) => [member.id, member.name]));
  const next = day.entries
    .filter((entry) => entry.status !== "serving")
    .slice(0, NEXT_SHOWN)
    .map((entry, index) => ({
      key: entry.id,
      place: entry.status === "called" ? "Called" : String(index + 1),
      name: displayName(entry.customerName),
      barber: names.get(entry.servedBy ?? entry.memberId ?? -1) ?? "First free",
    }));
  return {
    state: queueState(day, now),
    next,
    qrCode: await queueQrCode(ctx, 360),
    queueUrl: `${ctx.config.publicUrl}/queue`,
    shopName: day.settings.shopName,
  };
}
