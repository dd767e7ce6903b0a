CREATE TABLE `removed_reviews` (
	`character_id` text NOT NULL,
	`user_id` text NOT NULL,
	`removed_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`character_id`, `user_id`),
	FOREIGN KEY (`character_id`) REFERENCES `characters`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `removed_reviews_user_idx` ON `removed_reviews` (`user_id`);