CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`character_id` text NOT NULL,
	`user_id` text NOT NULL,
	`rating` integer NOT NULL,
	`text` text DEFAULT '' NOT NULL,
	`reply` text,
	`replied_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`character_id`) REFERENCES `characters`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_character_user_unique` ON `reviews` (`character_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `reviews_character_updated_idx` ON `reviews` (`character_id`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `reviews_user_idx` ON `reviews` (`user_id`);--> statement-breakpoint
ALTER TABLE `characters` ADD `rating_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `characters` ADD `rating_sum` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each character's rating count and sum, kept with every rating, change and removal in the same statement (issue 64).
CREATE TRIGGER `reviews_added` AFTER INSERT ON `reviews` BEGIN
  UPDATE `characters` SET `rating_count` = `rating_count` + 1, `rating_sum` = `rating_sum` + new.rating WHERE `id` = new.character_id;
END;
--> statement-breakpoint
CREATE TRIGGER `reviews_changed` AFTER UPDATE OF `rating` ON `reviews` BEGIN
  UPDATE `characters` SET `rating_sum` = `rating_sum` - old.rating + new.rating WHERE `id` = new.character_id;
END;
--> statement-breakpoint
CREATE TRIGGER `reviews_removed` AFTER DELETE ON `reviews` BEGIN
  UPDATE `characters` SET `rating_count` = max(`rating_count` - 1, 0), `rating_sum` = max(`rating_sum` - old.rating, 0) WHERE `id` = old.character_id;
END;
