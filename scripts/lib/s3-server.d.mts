export interface S3TestServer {
  /** MEDIA_STORAGE_URL for the app. */
  url: string;
  close(): Promise<void>;
}

export function startS3Server(options?: { bucket?: string; prefix?: string }): Promise<S3TestServer>;
