import { FileWarning, Upload, X } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Progress } from "~/components/ui/progress";
import { toast } from "~/components/ui/toast-store";
import { ApiError } from "~/lib/api-client";
import { useAdminAction } from "~/lib/use-admin-action";
import { ACCEPTED_IMAGE_TYPES, type Media, type RejectedFile } from "../media.schema";
import { uploadImages } from "./upload-images";

/**
 * The state of an upload (the Media Library's, the image picker's): progress while sending, then the
 * files the server refused. `upload` resolves to the images stored, none when it failed.
 */
export function useMediaUpload() {
  const { run } = useAdminAction();
  const [progress, setProgress] = useState<number | null>(null);
  const [rejected, setRejected] = useState<RejectedFile[]>([]);

  const upload = async (files: File[]): Promise<Media[]> => {
    if (files.length === 0) return [];
    setRejected([]);
    setProgress(0);
    const outcome = await run(async () => {
      const result = await uploadImages(files, setProgress);
      setRejected(result.rejected);
      if (result.uploaded.length === 0)
        throw new ApiError(400, result.message ?? "None of the files could be uploaded");
      return result;
    });
    setProgress(null);
    if (!outcome) return [];
    toast(
      outcome.rejected.length === 0
        ? { title: "Files uploaded", description: "All files have been uploaded successfully." }
        : {
            title: "Files uploaded",
            description: `${outcome.uploaded.length} of ${files.length} files uploaded; the others were refused (see the list).`,
          },
    );
    return outcome.uploaded;
  };

  return { upload, progress, rejected, dismissRejected: () => setRejected([]) };
}

interface UploadButtonProps {
  progress: number | null;
  onFiles: (files: File[]) => void;
  /** Several files at once (the library's Upload Images) or one (the picker's Upload Image). */
  multiple?: boolean;
}

/** Upload Images: while sending it reads "Uploading N%" above a progress bar. */
export function UploadImagesButton({ progress, onFiles, multiple = true }: UploadButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const uploading = progress !== null;
  return (
    <div className="grid gap-1.5">
      <input
        ref={input}
        type="file"
        multiple={multiple}
        accept={ACCEPTED_IMAGE_TYPES}
        hidden
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared so choosing the same files again fires another change.
          event.target.value = "";
          onFiles(files);
        }}
      />
      <Button
        type="button"
        variant="accent"
        onClick={() => input.current?.click()}
        disabled={uploading}
        className="min-w-40"
      >
        <Upload aria-hidden />
        {uploading ? `Uploading ${progress}%` : multiple ? "Upload Images" : "Upload Image"}
      </Button>
      {uploading && <Progress value={progress} aria-label="Upload progress" className="h-1.5" />}
    </div>
  );
}

/** The files the server refused, each with its reason, until dismissed or the next upload. */
export function RejectedFilesCard({ rejected, onDismiss }: { rejected: RejectedFile[]; onDismiss: () => void }) {
  if (rejected.length === 0) return null;
  return (
    <Card role="alert" className="mb-6 border-destructive/40 bg-red-50">
      <CardHeader className="flex-row items-start justify-between gap-4 pb-3">
        <CardTitle className="flex items-center gap-2 text-lg text-destructive">
          <FileWarning aria-hidden className="size-5" />
          {rejected.length === 1 ? "1 file was not uploaded" : `${rejected.length} files were not uploaded`}
        </CardTitle>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          onClick={onDismiss}
          aria-label="Dismiss the list of refused files"
        >
          <X aria-hidden />
        </Button>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-1 text-sm">
          {rejected.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              <span className="font-semibold">{file.name}:</span> {file.message}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
