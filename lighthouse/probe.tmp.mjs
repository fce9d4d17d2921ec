import fs from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
const url = process.argv[2];
const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
for (let i = 0; i < Number(process.argv[3] ?? 1); i++) {
const { lhr } = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
console.log("score", lhr.categories.performance.score, "TBT", lhr.audits["total-blocking-time"].numericValue, "FCP", lhr.audits["first-contentful-paint"].numericValue, "TTI", lhr.audits["interactive"].numericValue);
for (const t of lhr.audits["long-tasks"].details.items) console.log("  long", Math.round(t.startTime), Math.round(t.duration), t.url);
for (const t of lhr.audits["bootup-time"].details.items.slice(0,8)) console.log("  boot", t.url, Math.round(t.total), "script", Math.round(t.scripting), "parse", Math.round(t.scriptParseCompile));
const mw = lhr.audits["mainthread-work-breakdown"].details.items.map(i=>`${i.group}:${Math.round(i.duration)}`).join(" "); console.log("  main", mw);
fs.writeFileSync("/tmp/lhr.json", JSON.stringify(lhr));
}
await chrome.kill();
