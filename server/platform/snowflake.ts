import { randomInt } from "node:crypto";

// Snowflake ids like Discord's (milliseconds since 2015 in the high bits, then a worker id, then a counter): the
// demo platform's channels and messages get them, so their order is their id's order, as on Discord. The worker
// id is random per process, so two instances on one database never hand out the same id in the same millisecond.

const DISCORD_EPOCH = 1_420_070_400_000n;
const worker = BigInt(randomInt(0, 1024));
let sequence = 0n;
let lastMs = 0n;

export function nextSnowflake(now = Date.now()): string {
  let ms = BigInt(now) - DISCORD_EPOCH;
  if (ms < lastMs) ms = lastMs; // the clock stepped back: keep ids increasing
  if (ms === lastMs) {
    sequence = (sequence + 1n) & 0xfffn;
    if (sequence === 0n) ms = lastMs + 1n; // 4096 ids in one millisecond: borrow the next one
  } else sequence = 0n;
  lastMs = ms;
  return ((ms << 22n) | (worker << 12n) | sequence).toString();
}

/** The time a snowflake was made (epoch milliseconds). */
export const snowflakeTime = (id: string) => Number((BigInt(id) >> 22n) + DISCORD_EPOCH);
