-- Story mode (decision 019). The tables held nothing before (/story was a placeholder), so they are
-- made again rather than altered: SQLite's ADD COLUMN cannot carry persona_id's ON DELETE SET NULL.
DROP TABLE `story_messages`;--> statement-breakpoint
DROP TABLE `stories`;--> statement-breakpoint
CREATE TABLE `stories` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`character_ids` text DEFAULT '[]' NOT NULL,
	`premise` text DEFAULT '' NOT NULL,
	`genre` text DEFAULT '' NOT NULL,
	`persona_id` text,
	`leaf_message_id` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`persona_id`) REFERENCES `personas`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `stories_user_updated_idx` ON `stories` (`user_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `story_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`story_id` text NOT NULL,
	`parent_id` text,
	`role` text NOT NULL,
	`content` text NOT NULL,
	`choices` text DEFAULT '[]' NOT NULL,
	`choice_id` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`story_id`) REFERENCES `stories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `story_messages_story_created_idx` ON `story_messages` (`story_id`,`created_at`);
