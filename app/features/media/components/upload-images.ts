import { ApiError } from "~/lib/api-client";
import type { RejectedFile, UploadResult } from "../media.schema";

/** What POST /api/media answered: some files stored (201) or none (400 with the reasons). */
export interface UploadOutcome extends UploadResult {
  /** The server's summary when nothing could be uploaded. */
  message?: string;
}

interface UploadAnswer {
  message?: string;
  uploaded?: UploadResult["uploaded"];
  rejected?: RejectedFile[];
}

const parse = (text: string): UploadAnswer => {
  try {
    return JSON.parse(text) as UploadAnswer;
  } catch {
    return {};
  }
};

/**
 * Sends the files as one multipart request. XMLHttpRequest rather than fetch because
 * only it reports upload progress; `onProgress` receives whole percents of bytes sent.
 * Rejects with an ApiError for any answer other than 201 or a 400 that lists refused files.
 */
export function uploadImages(files: readonly File[], onProgress: (percent: number) => void): Promise<UploadOutcome> {
  const form = new FormData();
  for (const file of files) form.append("files", file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/media");
    request.setRequestHeader("accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    request.onload = () => {
      const answer = parse(request.responseText);
      if (request.status === 201) {
        resolve({ uploaded: answer.uploaded ?? [], rejected: answer.rejected ?? [] });
      } else if (request.status === 400 && Array.isArray(answer.rejected)) {
        resolve({ uploaded: [], rejected: answer.rejected, message: answer.message });
      } else {
        const detail = request.status >= 500 ? request.statusText : request.responseText;
        reject(new ApiError(request.status, answer.message ?? `${request.status}: ${detail}`));
      }
    };
    request.onerror = () =>
      reject(new Error("The upload did not reach the server. Check your connection and try again."));
    request.send(form);
  });
}
