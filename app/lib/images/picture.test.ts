import { describe, expect, it } from "vitest";
import { withEarlierPictures, type ChatPicture } from "~/lib/picture";

const picture = (id: string, messageId: string): ChatPicture => ({
  id,
  messageId,
  url: `/media/images/${id}.png`,
  isNsfw: false,
  width: 512,
  height: 768,
  prompt: id,
});

describe("a group's pictures after earlier messages load", () => {
  it("puts the earlier messages' pictures first, each once, so the newest stays last for the background", () => {
    const onScreen = [picture("p3", "m30"), picture("p4", "m40")];
    const joined = withEarlierPictures(onScreen, [picture("p1", "m2"), picture("p2", "m5"), picture("p3", "m30")]);
    expect(joined.map((p) => p.id)).toEqual(["p1", "p2", "p3", "p4"]);
    expect(joined.at(-1)!.messageId).toBe("m40");
  });
});
