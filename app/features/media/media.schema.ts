import { z } from "zod";

/** Shapes of the media library shared by the admin screens and the server (browser-safe). */

export const mediaSchema = z.object({
  id: z.int(),
  url: z.string(),
  /** The file name as it came from the uploader's device. */
  name: z.string(),
  /** The generated name in storage of the main rendition. */
  filename: z.string(),
  width: z.int(),
  height: z.int(),
});
export type Media = z.infer<typeof mediaSchema>;

export const rejectedFileSchema = z.object({ name: z.string(), message: z.string() });
export type RejectedFile = z.infer<typeof rejectedFileSchema>;

export const uploadResultSchema = z.object({ uploaded: z.array(mediaSchema), rejected: z.array(rejectedFileSchema) });
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** For the file input's `accept`; the server still judges every file by its bytes. */
export const ACCEPTED_IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/gif,image/avif";
