-- Similar characters (issue 64), for the characters people used in the last 7 days (:active_max at
-- most, the busiest first), in one statement whatever the catalog's size. Read by
-- models/similar.server.ts and by the demo seed; :names are replaced with checked literals.
--   who chatted with both: the people who wrote to it in the last 30 days and the other characters
--   they wrote to, 3 points a person;
--   shared tags: among each of its tags' :per_tag most popular public characters, 1 point a tag (a tag
--   half the catalog carries costs :per_tag rows, not half the catalog).
-- The :similar_max best public characters each (never itself), best first.
-- Measured by scripts/bench/similar.mjs (100,000 characters, 50,000 people's month, 615,436 chatter
-- rows): 22-25 s as first written, 3.6-4.3 s now (decision 093). Each person's characters are made distinct once (`pairs`,
-- materialized, so both sides of the join share it and SQLite indexes it by person), and CROSS JOIN
-- keeps the tag side starting from the active characters (otherwise the planner, inside the UNION,
-- scanned every character's tags against each tag's top list).
INSERT INTO similar_characters (character_id, rank, similar_id, score)
WITH active AS (
  SELECT character_id AS id FROM character_daily WHERE day >= :week
  GROUP BY character_id ORDER BY sum(chats + opens) DESC LIMIT :active_max
),
pairs AS MATERIALIZED (
  SELECT DISTINCT user_id AS uid, character_id AS cid FROM character_chatters WHERE day >= :month
),
chatted AS (
  SELECT a.cid AS src, b.cid AS dst, 3 * count(*) AS score
  FROM active JOIN pairs a ON a.cid = active.id JOIN pairs b ON b.uid = a.uid AND b.cid != a.cid
  GROUP BY a.cid, b.cid
),
tagged AS (
  SELECT x.character_id AS src, y.character_id AS dst, count(*) AS score
  FROM active CROSS JOIN character_tags x ON x.character_id = active.id
  JOIN character_tags y ON y.tag_id = x.tag_id AND y.character_id != x.character_id AND y.character_id IN (
    SELECT t.character_id FROM character_tags t WHERE t.tag_id = x.tag_id AND t.is_public = 1 ORDER BY t.points DESC LIMIT :per_tag)
  WHERE x.tag_id NOT IN (SELECT id FROM tags WHERE name = :roleplay)
  GROUP BY x.character_id, y.character_id
),
scored AS (
  SELECT src, dst, sum(score) AS score FROM (SELECT * FROM chatted UNION ALL SELECT * FROM tagged) GROUP BY src, dst
),
ranked AS (
  SELECT s.src, s.dst, s.score, row_number() OVER (PARTITION BY s.src ORDER BY s.score DESC, c.points DESC, s.dst) AS rank
  FROM scored s JOIN characters c ON c.id = s.dst AND c.is_public = 1
)
SELECT src, rank, dst, score FROM ranked WHERE rank <= :similar_max
