// npm run customer:fingerprint -- <email, or the number of a customer without one>
// Prints the fingerprint under which the audit log records the views, export and erasure of this customer's
// data (decisions 018, 041), computed with this site's secret key: how the owner shows which request was served.
import { z } from "zod";
import { hasSecretKey } from "~/lib/secret-box.server";
import { customerFingerprint, fingerprintOfCustomer } from "~/features/customer-identity/customer-fingerprint.server";
import { CUSTOMER_ID_PATTERN } from "~/features/customers/customers.schema";
import { runScript } from "./lib/run-script";

await runScript(async (config) => {
  const key = (process.argv[2] ?? "").trim();
  const isNumber = CUSTOMER_ID_PATTERN.test(key);
  if (!isNumber && !z.email().safeParse(key).success) {
    throw new Error("Usage: npm run customer:fingerprint -- name@example.com (or a customer's number, like 42)");
  }
  // Without the site's key a new one would be made here, and every fingerprint would differ from the log's.
  if (!hasSecretKey(config)) {
    throw new Error(
      `No secret key in ${config.dataDir} and SECRET_KEY is not set: this is not the site's data folder.`,
    );
  }
  console.log(
    isNumber ? fingerprintOfCustomer(config, { id: Number(key), email_key: null }) : customerFingerprint(config, key),
  );
});
