import { describe, expect, it } from "vitest";
import { censor, sanitize } from "~/lib/safety/words";
import { Client } from "../support/client";
import { insertCharacter } from "../support/fixtures";

describe("sanitising and censoring (spec section 5)", () => {
  it("sanitising turns markup punctuation into spaces and strips banned words, keeping ordinary text", () => {
    expect(sanitize('<b>Elf</b> {ranger} "quiet" | hawk')).toBe("b Elf /b ranger quiet hawk");
    expect(sanitize("a Loli witch, teen idol and a childless queen")).toBe("a witch, idol and a childless queen");
    expect(sanitize("Captain's log, day 3.")).toBe("Captain's log, day 3.");
  });

  it("censoring keeps the first letter of a listed word and stars the rest, whole words only", () => {
    expect(censor("No pedo, no Rape.")).toBe("No p***, no R***.");
    expect(censor("grapes and a childhood friend")).toBe("grapes and a childhood friend");
    // Words that begin with another listed word are starred whole, each time they appear.
    expect(censor("Rapes, a pedophile; pedo pedo")).toBe("R****, a p********; p*** p***");
  });

  it("a search for a banned word finds nothing; listed text saved before the rules is censored", async () => {
    await insertCharacter({ id: "legacycensor0001", name: "Old Loli Tale", description: "Written before the rules: rape is mentioned.", points: 5 });
    const search = await (await new Client().fetch("/characters?q=loli")).text();
    expect(search).not.toContain("Old L");
    const listing = await (await new Client().fetch("/characters?q=rules")).text();
    expect(listing).toContain("Old L***");
    expect(listing).toContain("r*** is mentioned");
    expect(listing).not.toContain("Loli Tale");
  });
});
