-- The daily figures' event tables (decision 028), counted from the rows chats and stories have today:
-- the migration that made the tables fills in the past with it, and the demo seed runs it after writing
-- its history. Re-running it writes the same counts.
INSERT INTO daily_activity (day, metric, count)
  SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch'), 'messages_sent', count(*) FROM messages WHERE role = 'user' GROUP BY 1
  UNION ALL
  SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch'), 'replies', count(*) FROM messages WHERE role = 'character' AND parent_id IS NOT NULL GROUP BY 1
  UNION ALL
  SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch'), 'replies_failed', count(*) FROM messages WHERE role = 'character' AND status = 'failed' GROUP BY 1
  ON CONFLICT (day, metric) DO UPDATE SET count = excluded.count;
--> statement-breakpoint
INSERT OR IGNORE INTO daily_active_users (day, user_id)
  SELECT DISTINCT strftime('%Y-%m-%d', m.created_at / 1000, 'unixepoch'), s.user_id FROM messages m JOIN saved_chats s ON s.id = m.chat_id WHERE m.role = 'user'
  UNION
  SELECT strftime('%Y-%m-%d', sm.created_at / 1000, 'unixepoch'), st.user_id FROM story_messages sm JOIN stories st ON st.id = sm.story_id;
--> statement-breakpoint
INSERT INTO daily_character_chats (day, character_id, chats)
  SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch'), character_id, count(*) FROM saved_chats WHERE true GROUP BY 1, 2
  ON CONFLICT (day, character_id) DO UPDATE SET chats = excluded.chats;
