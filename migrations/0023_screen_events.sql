CREATE TABLE `screen_events` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`field` text NOT NULL,
	`source` text NOT NULL,
	`rule` text NOT NULL,
	`hit` text,
	`text` text NOT NULL,
	`text_hash` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`reviewed_by` text,
	`reviewed_at` integer,
	`day` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `screen_events_status_idx` ON `screen_events` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `screen_events_user_day_idx` ON `screen_events` (`user_id`,`day`);--> statement-breakpoint
CREATE INDEX `screen_events_day_idx` ON `screen_events` (`day`);--> statement-breakpoint
CREATE INDEX `screen_events_hash_idx` ON `screen_events` (`text_hash`);