CREATE TABLE `follows` (
	`follower_id` text NOT NULL,
	`creator_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`follower_id`, `creator_id`),
	FOREIGN KEY (`follower_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`creator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `follows_creator_idx` ON `follows` (`creator_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `followers` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each creator's follower count, kept with every follow and unfollow in the same statement (issue 64).
CREATE TRIGGER `follows_added` AFTER INSERT ON `follows` BEGIN
  UPDATE `users` SET `followers` = `followers` + 1 WHERE `id` = new.creator_id;
END;
--> statement-breakpoint
CREATE TRIGGER `follows_removed` AFTER DELETE ON `follows` BEGIN
  UPDATE `users` SET `followers` = max(`followers` - 1, 0) WHERE `id` = old.creator_id;
END;
