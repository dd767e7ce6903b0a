-- The creators' figures follow removals too (issue 64): an upvote or favourite taken back, or a
-- rating changed or deleted, leaves its day's figures as if it had not been, so toggling cannot pump them.
CREATE TRIGGER `character_daily_upvote_removed` AFTER DELETE ON `upvotes` BEGIN
  UPDATE `character_daily` SET `upvotes` = max(`upvotes` - 1, 0)
    WHERE `character_id` = old.character_id AND `day` = strftime('%Y-%m-%d', old.created_at / 1000, 'unixepoch');
END;
--> statement-breakpoint
CREATE TRIGGER `character_daily_favorite_removed` AFTER DELETE ON `favorites` BEGIN
  UPDATE `character_daily` SET `favorites` = max(`favorites` - 1, 0)
    WHERE `character_id` = old.character_id AND `day` = strftime('%Y-%m-%d', old.created_at / 1000, 'unixepoch');
END;
--> statement-breakpoint
CREATE TRIGGER `character_daily_rating_changed` AFTER UPDATE OF `rating` ON `reviews` BEGIN
  UPDATE `character_daily` SET `rating_sum` = max(`rating_sum` - old.rating + new.rating, 0)
    WHERE `character_id` = old.character_id AND `day` = strftime('%Y-%m-%d', old.created_at / 1000, 'unixepoch');
END;
--> statement-breakpoint
CREATE TRIGGER `character_daily_rating_removed` AFTER DELETE ON `reviews` BEGIN
  UPDATE `character_daily` SET `ratings` = max(`ratings` - 1, 0), `rating_sum` = max(`rating_sum` - old.rating, 0)
    WHERE `character_id` = old.character_id AND `day` = strftime('%Y-%m-%d', old.created_at / 1000, 'unixepoch');
END;
--> statement-breakpoint
-- A creator hears of a person's review of a character once: deleting it and rating again is not news.
DROP TRIGGER `notify_review`;
--> statement-breakpoint
CREATE TRIGGER `notify_review` AFTER INSERT ON `reviews` BEGIN
  INSERT INTO `notifications` (`id`, `user_id`, `kind`, `character_id`, `actor_id`, `label`, `detail`, `created_at`)
    SELECT lower(hex(randomblob(8))), c.user_id, 'review', c.id, new.user_id, c.name, new.rating, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
    FROM `characters` c WHERE c.id = new.character_id AND c.user_id IS NOT NULL AND c.user_id != new.user_id
      AND NOT EXISTS (SELECT 1 FROM `notifications` n WHERE n.user_id = c.user_id AND n.kind = 'review' AND n.character_id = c.id AND n.actor_id = new.user_id);
END;
