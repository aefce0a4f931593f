import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { WavCache } from "./audio.js";

const MP3 = readFileSync(new URL("../../test/fixtures/audio/tone-440hz.mp3", import.meta.url));

describe("WavCache", () => {
  it("converts a file once for simultaneous and later requests, and each file apart", async () => {
    const cache = new WavCache();
    const reads: number[] = [];
    const mp3Of = (id: number) => async () => {
      reads.push(id);
      return MP3;
    };
    const [first, second] = await Promise.all([cache.wavOf(1, mp3Of(1)), cache.wavOf(1, mp3Of(1))]);
    const again = await cache.wavOf(1, mp3Of(1));
    const other = await cache.wavOf(2, mp3Of(2));
    expect(first.subarray(0, 4).toString("ascii")).toBe("RIFF");
    expect(second).toBe(first);
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    expect(reads).toEqual([1, 2]);
  });

  it("forgets the oldest results past its size, and never remembers a failure", async () => {
    const wavBytes = (await new WavCache().wavOf(0, async () => MP3)).length;
    const cache = new WavCache(wavBytes * 2);
    let reads = 0;
    const load = async () => {
      reads++;
      return MP3;
    };
    for (const id of [1, 2, 3]) await cache.wavOf(id, load);
    await cache.wavOf(3, load); // kept
    await cache.wavOf(1, load); // forgotten: converted again
    expect(reads).toBe(4);
    await expect(cache.wavOf(9, async () => Buffer.from("not an mp3"))).rejects.toThrow();
    await expect(cache.wavOf(9, async () => Buffer.from("not an mp3"))).rejects.toThrow();
  });
});
