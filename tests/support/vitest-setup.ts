import { beforeAll } from "vitest";
import { startClockAt } from "~/lib/clock";

// The files of one worker share their modules (isolate: false), and with them the shop clock: each file starts on
// real time, whatever the file before it left the clock at.
beforeAll(() => startClockAt(new Date()));
