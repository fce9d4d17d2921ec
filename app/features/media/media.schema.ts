/** Shapes of the media library shared by the admin screens and the server (browser-safe). */

export interface Media {
  id: number;
  url: string;
  /** The file name as it came from the uploader's device. */
  name: string;
  /** The generated name on disk of the main rendition. */
  filename: string;
  width: number;
  height: number;
}

export interface RejectedFile {
  name: string;
  message: string;
}

export interface UploadResult {
  uploaded: Media[];
  rejected: RejectedFile[];
}

/** For the file input's `accept`; the server still judges every file by its bytes. */
export const ACCEPTED_IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/gif,image/avif";
