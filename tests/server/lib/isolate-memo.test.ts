import { describe, expect, it } from "vitest";
import { isolateMemo } from "~/lib/isolate-memo";

describe("isolateMemo", () => {
  it("works a value out once while it is fresh, again once it is stale, and never keeps a failure", async () => {
    let runs = 0;
    const count = async () => ++runs;
    const fresh = isolateMemo<number>(60_000);
    expect(await fresh(count)).toBe(1);
    expect(await fresh(count)).toBe(1);
    const stale = isolateMemo<number>(0);
    expect(await stale(count)).toBe(2);
    await new Promise((r) => setTimeout(r, 2));
    expect(await stale(count)).toBe(3);
    const flaky = isolateMemo<number>(60_000);
    await expect(flaky(() => Promise.reject(new Error("D1 is down")))).rejects.toThrow("D1 is down");
    expect(await flaky(count)).toBe(4);
  });
});
