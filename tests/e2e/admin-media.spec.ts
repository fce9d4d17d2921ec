import { expect, test } from "@playwright/test";
import { signIn } from "../support/e2e-auth";
import { confirmDelete, expectToast, pngImage, unique, uploadImage } from "../support/e2e-fixtures";

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

const NOT_AN_IMAGE = "is not a supported image (JPEG, PNG, WebP, GIF or AVIF)";

test("the owner uploads several files at once, watching the progress; the non-image is refused with the reason", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const stem = unique("shop").replace(/\W+/g, "-");
  const files = [
    {
      name: `${stem}-front.png`,
      mimeType: "image/png",
      buffer: await pngImage({ r: 0, g: 0, b: 0 }, { size: 400, noise: true }),
    },
    {
      name: `${stem}-chair.png`,
      mimeType: "image/png",
      buffer: await pngImage({ r: 0, g: 0, b: 0 }, { size: 400, noise: true }),
    },
    { name: `${stem}-notes.txt`, mimeType: "text/plain", buffer: Buffer.from("Opening hours: see the footer.") },
  ];

  await page.goto("/admin/media");
  // A slow connection, so the upload takes long enough to watch its progress.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });
  await page.evaluate(() => {
    const seen: string[] = ((window as unknown as { progressSeen: string[] }).progressSeen = []);
    new MutationObserver(() => {
      const text = document.querySelector("main h1 + div button")?.textContent ?? "";
      if (text.startsWith("Uploading") && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });

  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload Images" }).click();
  await (await chooser).setFiles(files);
  await expect(page.getByRole("button", { name: /^Uploading \d+%$/ })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();

  await expect(page.getByRole("button", { name: "Upload Images" })).toBeEnabled({ timeout: 30_000 });
  await expectToast(page, "Files uploaded", "2 of 3 files uploaded");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
  expect(
    seen.some((text) => /^Uploading ([1-9]|[1-9]\d)%$/.test(text)),
    `progress seen: ${seen.join(", ")}`,
  ).toBe(true);

  const refused = page.getByRole("alert").filter({ hasText: "1 file was not uploaded" });
  await expect(refused).toContainText(`${stem}-notes.txt ${NOT_AN_IMAGE}`);

  const front = page.getByRole("listitem").filter({ has: page.getByRole("img", { name: `${stem}-front.png` }) });
  await expect(front).toBeVisible();
  await expect(page.getByRole("img", { name: `${stem}-chair.png` })).toBeVisible();
  await expect(page.getByRole("img", { name: `${stem}-notes.txt` })).toHaveCount(0);

  // The file name shows under the thumbnail, without hovering.
  await page.mouse.move(0, 0);
  await expect(front.getByText(`${stem}-front.png`)).toBeVisible();
  await front.getByRole("button", { name: `Delete ${stem}-front.png` }).click();
  await confirmDelete(page, "image");
  await expectToast(page, "File deleted");
  await expect(front).toHaveCount(0);
  await expect(page.getByRole("img", { name: `${stem}-chair.png` })).toBeVisible();
});

test("an upload with nothing acceptable shows the Error notice and each file's reason", async ({ page }) => {
  const name = `${unique("price-list").replace(/\W+/g, "-")}.pdf`;
  await page.goto("/admin/media");
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload Images" }).click();
  await (await chooser).setFiles([{ name, mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4 not really") }]);
  await expectToast(page, "Error", `${name} ${NOT_AN_IMAGE}`);
  await expect(page.getByRole("alert").filter({ hasText: "1 file was not uploaded" })).toContainText(name);
  await page.getByRole("button", { name: "Dismiss the list of refused files" }).click();
  await expect(page.getByText("1 file was not uploaded")).toHaveCount(0);
});

test("the grid has 2, 4 or 6 columns by width, and a thumbnail that cannot load becomes a placeholder", async ({
  page,
}) => {
  const media = await uploadImage(page, `${unique("broken").replace(/\W+/g, "-")}.png`);
  const stem = media.url.replace(/\.webp$/, "");
  await page.route(`**${stem}*`, (route) => route.abort());

  for (const [width, columns] of [
    [390, 2],
    [800, 4],
    [1440, 6],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/media");
    const grid = page.getByRole("main").getByRole("list");
    const template = await grid.evaluate((element) => getComputedStyle(element).gridTemplateColumns);
    expect(template.split(" "), `${width}px wide`).toHaveLength(columns);
  }

  const thumbnail = page.getByRole("img", { name: media.name });
  await expect(thumbnail).toHaveAttribute("src", /^data:image\/svg\+xml/);
  await expect(thumbnail).toHaveAttribute("data-broken", "true");

  await page.getByRole("button", { name: `Delete ${media.name}` }).click();
  await confirmDelete(page, "image");
  await expectToast(page, "File deleted");
});
