CREATE TABLE `daily_stats` (
	`day` text PRIMARY KEY NOT NULL,
	`signups` integer DEFAULT 0 NOT NULL,
	`active_users` integer DEFAULT 0 NOT NULL,
	`messages_sent` integer DEFAULT 0 NOT NULL,
	`replies` integer DEFAULT 0 NOT NULL,
	`replies_failed` integer DEFAULT 0 NOT NULL,
	`images_made` integer DEFAULT 0 NOT NULL,
	`stories_made` integer DEFAULT 0 NOT NULL,
	`users_free` integer DEFAULT 0 NOT NULL,
	`users_silver` integer DEFAULT 0 NOT NULL,
	`users_gold` integer DEFAULT 0 NOT NULL,
	`paying_users` integer DEFAULT 0 NOT NULL,
	`open_reports` integer DEFAULT 0 NOT NULL,
	`top_characters` text DEFAULT '[]' NOT NULL,
	`updated_at` integer NOT NULL
);
