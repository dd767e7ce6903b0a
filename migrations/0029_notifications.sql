CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`character_id` text,
	`actor_id` text,
	`label` text DEFAULT '' NOT NULL,
	`detail` text,
	`read_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_created_idx` ON `notifications` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_created_idx` ON `notifications` (`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `unread_notifications` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The bell's unread count, kept with every notification written, read and cleared (issue 64).
CREATE TRIGGER `notifications_added` AFTER INSERT ON `notifications` WHEN new.read_at IS NULL BEGIN
  UPDATE `users` SET `unread_notifications` = `unread_notifications` + 1 WHERE `id` = new.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER `notifications_read` AFTER UPDATE OF `read_at` ON `notifications` WHEN old.read_at IS NULL AND new.read_at IS NOT NULL BEGIN
  UPDATE `users` SET `unread_notifications` = max(`unread_notifications` - 1, 0) WHERE `id` = new.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER `notifications_removed` AFTER DELETE ON `notifications` WHEN old.read_at IS NULL BEGIN
  UPDATE `users` SET `unread_notifications` = max(`unread_notifications` - 1, 0) WHERE `id` = old.user_id;
END;
--> statement-breakpoint
-- A new review tells the character's creator; the creator's reply tells the reviewer. Times to the millisecond, so the newest is first.
CREATE TRIGGER `notify_review` AFTER INSERT ON `reviews` BEGIN
  INSERT INTO `notifications` (`id`, `user_id`, `kind`, `character_id`, `actor_id`, `label`, `detail`, `created_at`)
    SELECT lower(hex(randomblob(8))), c.user_id, 'review', c.id, new.user_id, c.name, new.rating, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
    FROM `characters` c WHERE c.id = new.character_id AND c.user_id IS NOT NULL AND c.user_id != new.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER `notify_reply` AFTER UPDATE OF `reply` ON `reviews` WHEN old.reply IS NULL AND new.reply IS NOT NULL BEGIN
  INSERT INTO `notifications` (`id`, `user_id`, `kind`, `character_id`, `actor_id`, `label`, `created_at`)
    SELECT lower(hex(randomblob(8))), new.user_id, 'reply', c.id, c.user_id, c.name, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) FROM `characters` c WHERE c.id = new.character_id;
END;
--> statement-breakpoint
-- A character published for the first time tells its creator's followers.
CREATE TRIGGER `notify_new_character` AFTER UPDATE OF `release_date` ON `characters`
  WHEN old.release_date IS NULL AND new.release_date IS NOT NULL AND new.is_public = 1 AND new.user_id IS NOT NULL BEGIN
  INSERT INTO `notifications` (`id`, `user_id`, `kind`, `character_id`, `actor_id`, `label`, `created_at`)
    SELECT lower(hex(randomblob(8))), f.follower_id, 'new_character', new.id, new.user_id, new.name, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) FROM `follows` f WHERE f.creator_id = new.user_id;
END;
