// npm run customer:fingerprint -- <email>
// Prints the fingerprint under which the audit log records the export and erasure of this customer's data
// (decision 018), computed with this site's secret key: how the owner shows which request was served.
import { hasSecretKey } from "~/features/accounts/secret-box.server";
import { customerFingerprint } from "~/features/customers/customer-fingerprint.server";
import { customerEmailSchema } from "~/features/customers/customers.schema";
import { runScript } from "./lib/run-script";

await runScript(async (config) => {
  const parsed = customerEmailSchema.safeParse(process.argv[2] ?? "");
  if (!parsed.success) throw new Error("Usage: npm run customer:fingerprint -- name@example.com");
  // Without the site's key a new one would be made here, and every fingerprint would differ from the log's.
  if (!hasSecretKey(config)) {
    throw new Error(
      `No secret key in ${config.dataDir} and SECRET_KEY is not set: this is not the site's data folder.`,
    );
  }
  console.log(customerFingerprint(config, parsed.data));
});
