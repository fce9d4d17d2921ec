import { requireAdminPage } from "~/features/auth/require-admin.server";
import { queueQrCode } from "~/features/queue/queue-display.server";
import type { Route } from "./+types/queue-poster";

/* Settings → Walk-ins: an A4 poster of the QR code of /queue for the window, printed from the browser. */

export const meta: Route.MetaFunction = () => [
  { title: "Walk-in queue poster" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  requireAdminPage(context);
  const settings = await context.settings();
  return {
    shopName: settings.shopName,
    queueUrl: `${context.config.publicUrl}/queue`,
    qrCode: await queueQrCode(context, 1000),
  };
}

/** Full-page over the site's frame (and alone on the printed page): 210 × 297 mm. */
export default function QueuePosterPage({ loaderData }: Route.ComponentProps) {
  return (
    <main className="print-alone fixed inset-0 z-[70] overflow-auto bg-white text-black print:static">
      <div className="mx-auto grid h-[297mm] w-[210mm] content-center justify-items-center gap-[10mm] p-[15mm] text-center">
        <p className="text-[14mm] font-bold leading-tight">Walk-ins welcome</p>
        <p className="text-[8mm]">Scan to join the queue and see your wait</p>
        <img src={loaderData.qrCode} alt={`QR code of ${loaderData.queueUrl}`} className="w-[130mm]" />
        <p className="text-[7mm] font-semibold">{loaderData.queueUrl}</p>
        <p className="text-[6mm]">{loaderData.shopName}</p>
        <button
          type="button"
          className="rounded border px-4 py-2 text-base print:hidden"
          onClick={() => window.print()}
        >
          Print
        </button>
      </div>
    </main>
  );
}
