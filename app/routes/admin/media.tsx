import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { MediaGrid, MediaLoadError } from "~/features/media/components/media-admin-grid";
import { RejectedFilesCard, UploadImagesButton, useMediaUpload } from "~/features/media/components/media-admin-upload";
import type { Media } from "~/features/media/media.schema";
import { listMedia } from "~/features/media/media.server";
import { HttpError } from "~/lib/http-error";
import type { Route } from "./+types/media";

export async function loader({ context }: Route.LoaderArgs) {
  requireAdminPage(context);
  // The spec retries the library once before showing the error card.
  const load = () => listMedia(context.db);
  try {
    return { media: await load().catch(load), failed: false, error: null as string | null };
  } catch (error) {
    console.error("Loading the media library failed", error);
    return { media: [] as Media[], failed: true, error: error instanceof HttpError ? error.message : null };
  }
}

export const meta = () => adminMeta("Media Library");

export default function MediaLibrary({ loaderData }: Route.ComponentProps) {
  const { upload, progress, rejected, dismissRejected } = useMediaUpload();
  return (
    <AdminPage title="Media Library" actions={<UploadImagesButton progress={progress} onFiles={upload} />}>
      <RejectedFilesCard rejected={rejected} onDismiss={dismissRejected} />
      {loaderData.failed ? <MediaLoadError message={loaderData.error} /> : <MediaGrid media={loaderData.media} />}
    </AdminPage>
  );
}
