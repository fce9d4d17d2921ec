// A local S3-compatible server (s3rver) for the tests and scripts/bench: a free loopback port, one empty
// bucket, its files in a temporary folder that `close()` removes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** Starts it and answers the MEDIA_STORAGE_URL that points the app at `bucket` (under `prefix`, e.g. "site/"). */
export async function startS3Server({ bucket = "media", prefix = "" } = {}) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "barber-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    // s3rver accepts only its own key pair.
    url: `s3+http://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}/${prefix}?forcePathStyle=true`,
    close: async () => {
      server.httpServer.closeAllConnections();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
