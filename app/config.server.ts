// The environment's settings, checked by zod. The schema lives in app/ so features can name the Config type
// without reaching into server/; only boot (server/config.ts) reads process.env through it.
import path from "node:path";
import { z } from "zod";
import type { MediaStorageSettings } from "~/features/media/media-storage.server";

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const PROXY_ADDRESS = /^(loopback|linklocal|uniquelocal|[0-9a-f.:]+(\/\d{1,3})?)$/i;

/*
 * Which proxies may set the client address (X-Forwarded-For) that the rate limits count by:
 * none, the nearest N, or those at the listed addresses. "true" (trust every hop) is refused,
 * since a client could then pick its own address with each request.
 */
const trustProxySetting = z
  .string()
  .trim()
  .default("false")
  .transform((value, ctx): false | number | string[] => {
    if (value === "" || value === "false" || value === "0") return false;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const addresses = value.split(",").map((address) => address.trim());
    if (value !== "true" && addresses.every((address) => PROXY_ADDRESS.test(address))) return addresses;
    ctx.addIssue({
      code: "custom",
      message:
        "must be false, the number of proxies in front of the app (e.g. 1), or their addresses (e.g. loopback, 10.0.0.0/8); true would let clients choose their own address",
    });
    return z.NEVER;
  });

const BUCKET_URL_FORM = "s3://KEY:SECRET@host[:port]/bucket[/prefix]?region=…[&forcePathStyle=true]";
const BUCKET_OPTIONS = new Set(["region", "forcePathStyle"]);

/**
 * MEDIA_STORAGE_URL names an S3-compatible bucket: `s3://` talks HTTPS to the host, `s3+http://` plain
 * HTTP (a MinIO on a private network, the tests' s3rver). Key and secret are URL-encoded.
 */
const mediaStorageUrl = z.string().transform((value, ctx): MediaStorageSettings => {
  const fail = (message: string) => {
    ctx.addIssue({ code: "custom", message: `${message} (the form is ${BUCKET_URL_FORM})` });
    return z.NEVER;
  };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail("is not a URL");
  }
  if (url.protocol !== "s3:" && url.protocol !== "s3+http:") return fail("must start with s3:// or s3+http://");
  if (!url.host) return fail("must name the host of the S3 service");
  if (!url.username || !url.password) return fail("must carry the access key and the secret");
  const [bucket, ...folders] = url.pathname.split("/").filter(Boolean);
  if (!bucket) return fail("must name the bucket");
  const unknown = [...url.searchParams.keys()].filter((name) => !BUCKET_OPTIONS.has(name));
  if (unknown.length > 0) return fail(`has unknown options: ${unknown.join(", ")}`);
  const forcePathStyle = url.searchParams.get("forcePathStyle") ?? "false";
  if (forcePathStyle !== "true" && forcePathStyle !== "false") return fail("forcePathStyle must be true or false");
  return {
    kind: "s3",
    endpoint: `${url.protocol === "s3:" ? "https" : "http"}://${url.host}`,
    region: url.searchParams.get("region") || "us-east-1",
    bucket,
    prefix: folders.map((folder) => `${folder}/`).join(""),
    forcePathStyle: forcePathStyle === "true",
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
  };
});

export const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    MEDIA_STORAGE_URL: optionalText.pipe(mediaStorageUrl.optional()),
    TRUST_PROXY: trustProxySetting,
    ADMIN_USERNAME: z.string().trim().min(1).default("admin"),
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, "must be at least 8 characters").optional()),
    SECRET_KEY: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
    SMTP_FROM: optionalText,
    SHOP_EMAIL: optionalText.pipe(z.email().optional()),
    SESSION_DAYS: positiveInt(14),
    LOGIN_MAX_ATTEMPTS: positiveInt(5),
    LOGIN_WINDOW_MINUTES: positiveInt(15),
    LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: positiveInt(10),
    CONTACT_MAX_PER_HOUR: positiveInt(5),
    CONTACT_MAX_PER_EMAIL_PER_HOUR: positiveInt(3),
    BOOKING_MAX_PER_HOUR: positiveInt(10),
    BOOKING_MAX_PER_EMAIL_PER_HOUR: positiveInt(3),
    BOOKING_CANCEL_NOTICE_HOURS: z.coerce.number().int().min(0).default(24),
    UPLOAD_MAX_FILE_MB: positiveInt(10),
    UPLOAD_MAX_FILES: positiveInt(20),
    SEED_DEMO_CONTENT: z
      .enum(["true", "false", ""])
      .default("true")
      .transform((value) => value !== "false"),
    TEST_CLOCK_START: optionalText.pipe(z.iso.datetime({ offset: true }).optional()),
    TEST_CLOCK_ENABLED: z.enum(["true", "false", ""]).default(""),
    LOG_FORMAT: z
      .enum(["json", "text", ""])
      .optional()
      .transform((value) => value || undefined),
    STRIPE_SECRET_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^(sk|rk)_/, "must be a Stripe secret key (sk_…)")
        .optional(),
    ),
    STRIPE_WEBHOOK_SECRET: optionalText.pipe(
      z
        .string()
        .regex(/^whsec_/, "must be a Stripe webhook signing secret (whsec_…)")
        .optional(),
    ),
    STRIPE_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    TWILIO_ACCOUNT_SID: optionalText.pipe(
      z
        .string()
        .regex(/^AC\w+$/, "must be a Twilio account SID (AC…)")
        .optional(),
    ),
    TWILIO_AUTH_TOKEN: optionalText,
    TWILIO_FROM: optionalText.pipe(
      z
        .string()
        .regex(
          /^(\+[1-9]\d{6,14}|MG\w+|[A-Za-z0-9 ]{1,11})$/,
          "must be a phone number in E.164 (+44…), a sender name or a messaging service SID",
        )
        .optional(),
    ),
    TWILIO_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    RESPONSE_CACHE: z
      .enum(["on", "off", ""])
      .default("on")
      .transform((value) => value !== "off"),
  })
  // A moved clock in production is almost certainly a mistake: it takes a second, deliberate setting (decision 026).
  .refine((env) => !env.TEST_CLOCK_START || env.NODE_ENV !== "production" || env.TEST_CLOCK_ENABLED === "true", {
    path: ["TEST_CLOCK_START"],
    message: "moves the shop's clock for tests; in production it also needs TEST_CLOCK_ENABLED=true",
  })
  // Texts on with one of the three missing would fail at the first text, hours later: say so at start instead.
  .refine((env) => [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM].filter(Boolean).length % 3 === 0, {
    path: ["TWILIO_ACCOUNT_SID"],
    message: "goes with TWILIO_AUTH_TOKEN and TWILIO_FROM: set all three, or none",
  })
  .transform((env) => ({
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    mediaStorage: env.MEDIA_STORAGE_URL ?? { kind: "local" as const, dir: path.resolve(env.DATA_DIR, "uploads") },
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    databaseUrl: env.DATABASE_URL,
    trustProxy: env.TRUST_PROXY,
    admin: { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD },
    /** Encrypts the admins' two-factor secrets; when unset, a key file in DATA_DIR (decision 010). */
    secretKey: env.SECRET_KEY,
    mail: { smtpUrl: env.SMTP_URL, from: env.SMTP_FROM, shopEmail: env.SHOP_EMAIL },
    sessionDays: env.SESSION_DAYS,
    limits: {
      loginMaxAttempts: env.LOGIN_MAX_ATTEMPTS,
      loginWindowMinutes: env.LOGIN_WINDOW_MINUTES,
      loginMaxAttemptsPerAccount: env.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT,
      contactPerHour: env.CONTACT_MAX_PER_HOUR,
      contactPerEmailPerHour: env.CONTACT_MAX_PER_EMAIL_PER_HOUR,
      bookingPerHour: env.BOOKING_MAX_PER_HOUR,
      bookingPerEmailPerHour: env.BOOKING_MAX_PER_EMAIL_PER_HOUR,
      uploadMaxFileBytes: env.UPLOAD_MAX_FILE_MB * 1024 * 1024,
      uploadMaxFiles: env.UPLOAD_MAX_FILES,
    },
    bookingCancelNoticeHours: env.BOOKING_CANCEL_NOTICE_HOURS,
    seedDemoContent: env.SEED_DEMO_CONTENT,
    /** The shop's own Stripe account (decision 029); keys pasted on the settings screen apply when these are unset. */
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      /** Another host for Stripe's API: the tests' loopback double. */
      apiUrl: env.STRIPE_API_URL,
    },
    /** Text messages through the shop's own Twilio account: on when all three are set (a partial set is refused). */
    twilio:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? {
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            from: env.TWILIO_FROM,
            apiUrl: (env.TWILIO_API_URL ?? "https://api.twilio.com").replace(/\/+$/, ""),
          }
        : undefined,
    responseCache: env.RESPONSE_CACHE,
    /** One JSON object per line, or readable text; unset, server/log.ts decides (JSON in production off a terminal). */
    logFormat: env.LOG_FORMAT,
    /** Tests only: the instant the shop's clock (app/lib/clock.ts) reads when the server starts. */
    testClockStart: env.TEST_CLOCK_START ? new Date(env.TEST_CLOCK_START) : undefined,
  }));

/** What every feature may read of the configuration; boot reads it once (server/config.ts) and hands it over in the app context. */
export type Config = z.infer<typeof configSchema>;
