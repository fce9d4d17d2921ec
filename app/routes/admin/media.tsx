import { redirect } from "react-router";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { Button } from "~/components/ui/button";
import { RefusedNotice, SavedNotice } from "~/components/ui/page-notice";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { MediaGrid, MediaLoadError } from "~/features/media/components/media-admin-grid";
import { RejectedFilesCard, UploadImagesButton, useMediaUpload } from "~/features/media/components/media-admin-upload";
import { ACCEPTED_IMAGE_TYPES, type Media, type RejectedFile } from "~/features/media/media.schema";
import { deleteMedia, fileTooLarge, listMedia, noneUploadedMessage, uploadImages } from "~/features/media/media.server";
import { formFailure, formTextValues, managementState } from "~/lib/form-action.server";
import { HttpError, badRequest } from "~/lib/http-error";
import { parseRowId } from "~/lib/schema-fields";
import type { Route } from "./+types/media";

const SAVED_NOTICES = {
  uploaded: "Files uploaded: all files have been uploaded successfully.",
  deleted: "File deleted",
};

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context);
  const { notice } = managementState(request, [], SAVED_NOTICES);
  // The spec retries the library once before showing the error card.
  const load = () => listMedia(context.db);
  try {
    return { media: await load().catch(load), failed: false, error: null as string | null, notice };
  } catch (error) {
    console.error("Loading the media library failed", error);
    return { media: [] as Media[], failed: true, error: error instanceof HttpError ? error.message : null, notice };
  }
}

/**
 * Upload Images and the bins posted without JavaScript: the same checks and feature functions as
 * POST /api/media and DELETE /api/media/{id}. Files refused are listed on the page, as after an upload with
 * JavaScript; when every file is stored, back to the library (303) saying so.
 */
export async function action({ context, request }: Route.ActionArgs) {
  requireAdminPage(context);
  const { db, storage, config } = context;
  const { uploadMaxFileBytes, uploadMaxFiles } = config.limits;
  const form = await request.formData();
  const values = formTextValues(form);
  try {
    if (values.intent === "delete") {
      await deleteMedia(db, storage, parseRowId(values.id ?? "") ?? 0);
      return redirect("/admin/media?saved=deleted", 303);
    }
    const files = form.getAll("files").filter((file) => file instanceof File && file.size > 0) as File[];
    if (files.length === 0) throw badRequest("Choose at least one image to upload");
    if (files.length > uploadMaxFiles)
      throw new HttpError(413, `You can upload at most ${uploadMaxFiles} files at once`);
    const tooLarge = files.find((file) => file.size > uploadMaxFileBytes);
    if (tooLarge) throw fileTooLarge(tooLarge.name, uploadMaxFileBytes);
    const { uploaded, rejected } = await uploadImages(
      db,
      storage,
      await Promise.all(
        files.map(async (file) => ({ name: file.name, buffer: Buffer.from(await file.arrayBuffer()) })),
      ),
    );
    if (rejected.length === 0) return redirect("/admin/media?saved=uploaded", 303);
    if (uploaded.length === 0) throw new HttpError(400, noneUploadedMessage(rejected));
    return {
      rejected,
      message: `${uploaded.length} of ${files.length} files uploaded; the others were refused (see the list).`,
    };
  } catch (error) {
    return formFailure(error, { rejected: [] as RejectedFile[] });
  }
}

export const meta = () => adminMeta("Media Library");

export default function MediaLibrary({ loaderData, actionData }: Route.ComponentProps) {
  const { upload, progress, rejected, dismissRejected } = useMediaUpload();
  return (
    <AdminPage title="Media Library" actions={<UploadImagesButton progress={progress} onFiles={upload} />}>
      {/* Without JavaScript the upload button cannot open the file chooser: a plain form sends the files. */}
      <noscript>
        <form method="post" encType="multipart/form-data" className="mb-6 flex flex-wrap items-end gap-3">
          <label className="grid gap-1 text-sm font-medium">
            Images to upload
            <input type="file" name="files" multiple accept={ACCEPTED_IMAGE_TYPES} />
          </label>
          <Button type="submit">Upload Images</Button>
        </form>
      </noscript>
      {loaderData.notice && !actionData && <SavedNotice>{loaderData.notice}</SavedNotice>}
      {actionData && <RefusedNotice>{actionData.message}</RefusedNotice>}
      <RejectedFilesCard rejected={actionData?.rejected ?? rejected} onDismiss={dismissRejected} />
      {loaderData.failed ? <MediaLoadError message={loaderData.error} /> : <MediaGrid media={loaderData.media} />}
    </AdminPage>
  );
}
