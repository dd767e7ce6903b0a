// Demo moderation data (issue 14): open reports from readers, and a short moderation history, so
// Mod Central shows something after `npm start`. Ids are fixed: re-seeding adds nothing twice, and
// the moderation log is append-only (its rows are only ever inserted).
import { demoId, readerId } from "./catalog.mjs";

const MOD = "demomod000000000";
/** The log names its moderator as it was when they acted (decision 026): the demo moderator's name (users.mjs). */
const MOD_LABEL = "Morgan Moderator";

const REPORTS = [
  { slug: 2, reason: "real_person", note: "The picture looks like a famous actor.", readers: [3, 17, 42] },
  { slug: 5, reason: "tags", note: "Dark themes but no content warning.", readers: [8] },
  { slug: 9, reason: "spam", note: null, readers: [21, 33] },
];

export function moderationStatements(db, characters, now) {
  const reports = REPORTS.flatMap(({ slug, reason, note, readers }) => {
    const character = characters[slug];
    return readers.map((n, i) =>
      db
        .prepare(
          `INSERT OR IGNORE INTO reports (id, reporter_id, target_type, target_id, reason, details, status, created_at) VALUES (?, ?, 'character', ?, ?, ?, 'open', ?)`,
        )
        .bind(demoId("report", `${character.slug}:${n}`), readerId(n), character.id, reason, i === 0 ? note : null, now - (slug + i) * 3_600_000),
    );
  });
  const lines = [
    { key: "dismiss", action: "report.dismiss", type: "character", target: characters[12], reason: "Fan art, clearly labelled.", hoursAgo: 70 },
    { key: "nsfw", action: "report.nsfw", type: "character", target: characters[14], reason: "Thumbnail needs the blur.", hoursAgo: 50 },
    {
      key: "ban",
      action: "user.ban",
      type: "user",
      target: { id: "demobanned000000", name: "Barry Banned" },
      reason: "Spam characters, three warnings.",
      hoursAgo: 30,
    },
  ].map((l) =>
    db
      .prepare(
        `INSERT OR IGNORE INTO moderation_log (id, moderator_id, moderator_label, action, target_type, target_id, target_label, reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(demoId("modlog", l.key), MOD, MOD_LABEL, l.action, l.type, l.target.id, l.target.name, l.reason, now - l.hoursAgo * 3_600_000),
  );
  return [...reports, ...lines, db.prepare("UPDATE users SET ban_reason = 'Spam characters, three warnings.' WHERE id = 'demobanned000000'")];
}
