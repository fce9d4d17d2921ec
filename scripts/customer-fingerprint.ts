// npm run customer:fingerprint -- <email, or a walk-in's phone:… or walk-in:… key>
// Prints the fingerprint under which the audit log records the export and erasure of this customer's data
// (decision 018), computed with this site's secret key: how the owner shows which request was served.
import { hasSecretKey } from "~/features/accounts/secret-box.server";
import { customerFingerprint } from "~/features/customers/customer-fingerprint.server";
import { customerKeySchema, keyOfOwner } from "~/features/customers/customers.schema";
import { runScript } from "./lib/run-script";

await runScript(async (config) => {
  const parsed = customerKeySchema.safeParse(process.argv[2] ?? "");
  if (!parsed.success)
    throw new Error("Usage: npm run customer:fingerprint -- name@example.com (or phone:07700900123)");
  // Without the site's key a new one would be made here, and every fingerprint would differ from the log's.
  if (!hasSecretKey(config)) {
    throw new Error(
      `No secret key in ${config.dataDir} and SECRET_KEY is not set: this is not the site's data folder.`,
    );
  }
  console.log(customerFingerprint(config, keyOfOwner(parsed.data)));
});
