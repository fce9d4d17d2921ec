import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
const url = process.argv[2];
const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
const result = await lighthouse(url, { port: chrome.port, logLevel: "error", onlyCategories: ["performance"] });
await chrome.kill();
const events = result.artifacts.Trace.traceEvents;
const main = events.find((e) => e.name === "firstContentfulPaint");
const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
const fcpTs = main.ts; const nav = Math.max(...events.filter(e => e.name === "navigationStart" && e.pid === main.pid && e.ts < fcpTs).map(e=>e.ts));
const fcp = events.find(e => e.name === "firstContentfulPaint" && e.pid===main.pid)?.ts;
console.log("fcp", fcp && Math.round((fcp - nav)/1000));
const tasks = mine.filter((e) => e.name === "RunTask" && e.dur > 8000 && e.ts > nav);
for (const t of tasks) {
  const inside = mine.filter((e) => e.ts >= t.ts && e.ts < t.ts + t.dur && e !== t && e.dur > 2000);
  const desc = inside.slice(0, 8).map((e) => `${e.name}${e.args?.data?.url ? "(" + e.args.data.url.split("/").pop().slice(0,40) + ")" : ""}${e.args?.data?.functionName ? "["+e.args.data.functionName+"]":""}:${Math.round(e.dur/1000)}`);
  console.log(Math.round((t.ts - nav) / 1000), Math.round(t.dur / 1000), desc.join(" "));
}
for (const t of tasks) {
  const inside = mine.filter((e) => e.ts >= t.ts && e.ts < t.ts + t.dur && e !== t && e.dur > 500 && e.ph === "X");
  console.log("TASK", Math.round((t.ts - nav) / 1000), Math.round(t.dur / 1000));
  for (const e of inside.slice(0, 25)) console.log("   ", e.name, Math.round(e.dur/1000*10)/10, JSON.stringify(e.args).slice(0, 160));
}
